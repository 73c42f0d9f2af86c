package retryscoperemote

// Getters of an interface the package does not implement: a method that
// takes nothing and hands back plain data with no error reads the value it
// is called on (local_accessor.go).

import (
	"errors"
	"time"
)

type acEntry interface {
	Key() []byte
	TTL() int64
	Healthy() bool
	Size() (int, error)
}

type acTable struct {
	mem []byte
	off int
}

var errAcFull = errors.New("table full")

func (t *acTable) put(e acEntry) error {
	if t.off+len(e.Key())+8 > len(t.mem) || e.TTL() < 0 {
		return errAcFull
	}
	t.off += copy(t.mem[t.off:], e.Key())
	return nil
}

// acPutAgain: the attempt only reads the entry's key and TTL.
func acPutAgain(t *acTable, e acEntry) error {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		if err = t.put(e); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return err
}

func (t *acTable) putIfHealthy(e acEntry) error {
	if !e.Healthy() {
		return errAcFull
	}
	return t.put(e)
}

// acPutHealthy: a bool getter may answer a probe of another system.
func acPutHealthy(t *acTable, e acEntry) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		if err = t.putIfHealthy(e); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return err
}

func (t *acTable) putSized(e acEntry) error {
	n, err := e.Size()
	if err != nil {
		return err
	}
	if t.off+n > len(t.mem) {
		return errAcFull
	}
	return nil
}

// acPutSized: a getter that can fail may fail on another system.
func acPutSized(t *acTable, e acEntry) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		if err = t.putSized(e); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return err
}
