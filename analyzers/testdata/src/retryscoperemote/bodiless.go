package retryscoperemote

import (
	"net/http"
	"time"
)

// A function declared without a body (its code is assembly, a linkname or C
// through cgo) is out of reach: the engine cannot show that it leaves the
// process, even in a package that imports a network root, so an attempt
// that calls only it is not remote.

// loadProgram has its body elsewhere.
func loadProgram(insns []byte) error

func loadLocal(insns []byte) error {
	var err error
	for i := 0; i < 10; i++ { // want `local`
		if err = loadProgram(insns); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return err
}

// Look-alike: the same package's request does leave.
func loadRemote(url string) error {
	var err error
	for i := 0; i < 10; i++ { // want `remote`
		var resp *http.Response
		if resp, err = http.Get(url); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Millisecond)
	}
	return err
}
