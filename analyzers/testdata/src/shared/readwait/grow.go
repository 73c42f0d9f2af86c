package readwait

import (
	"errors"
	"io"
)

// A read that failed on a too small buffer is made again into a larger one:
// the error said what to change, and the next read is another attempt.

type frames interface {
	ReadFrame(b []byte) (int, error)
}

type inbox struct {
	src  frames
	max  int
	size int
}

func (in *inbox) deliver(b []byte) { in.size += len(b) }

func (in *inbox) readAppend() {
	buf := make([]byte, 512)
	for {
		n, err := in.src.ReadFrame(buf)
		if err != nil {
			if errors.Is(err, io.ErrShortBuffer) {
				buf = append(buf, make([]byte, len(buf))...)
				continue
			}
			return
		}
		in.deliver(buf[:n])
	}
}

func (in *inbox) readRemake() error {
	buf := make([]byte, 512)
	for {
		n, err := in.src.ReadFrame(buf)
		if err != nil {
			if err == io.ErrShortBuffer {
				buf = make([]byte, 2*len(buf))
				continue
			}
			return err
		}
		in.deliver(buf[:n])
	}
}

// The buffer stays as it was: the same read fails again at once.
func (in *inbox) readSame() {
	buf := make([]byte, 512)
	for { // reports: fixedsleep unboundedretry
		n, err := in.src.ReadFrame(buf)
		if err != nil {
			if errors.Is(err, io.ErrShortBuffer) {
				continue
			}
			return
		}
		in.deliver(buf[:n])
	}
}

// Re-made at the same size: nothing changed for the next read.
func (in *inbox) readSameSize() {
	buf := make([]byte, 512)
	for { // reports: fixedsleep unboundedretry
		n, err := in.src.ReadFrame(buf)
		if err != nil {
			if errors.Is(err, io.ErrShortBuffer) {
				buf = make([]byte, len(buf))
				continue
			}
			return
		}
		in.deliver(buf[:n])
	}
}

// Grown on every failure: a broken source fails again whatever the buffer.
func (in *inbox) readGrowAny() {
	buf := make([]byte, 512)
	for { // reports: fixedsleep retryall unboundedretry
		n, err := in.src.ReadFrame(buf)
		if err != nil {
			buf = append(buf, make([]byte, len(buf))...)
			continue
		}
		in.deliver(buf[:n])
		return
	}
}
