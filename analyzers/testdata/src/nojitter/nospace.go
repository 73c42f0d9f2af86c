package nojitter

import (
	"errors"
	"net"
	"strings"
	"syscall"
	"time"
)

// A retry that goes round only when the local disk is full waits for this
// machine, whatever else its attempt reaches: no server is asked again
// because it failed, so no crowd lines up to be spread (retryscope:
// loop_nospace.go).

// nsFetch reads through a local cache that may fill the disk and may fetch
// from another system.
func nsFetch(b []byte) (int, error) {
	c, err := net.Dial("tcp", "store.internal:80")
	if err != nil {
		return 0, err
	}
	defer c.Close()
	return c.Read(b)
}

func nsKickCleaner() {}

// isErrNoSpace stands for a predicate of another package named for ENOSPC.
func isErrNoSpace(err error) bool { return errors.Is(err, syscall.ENOSPC) }

// GOOD: only ENOSPC (by a predicate or by its text) goes round.
func nsReadFull(b []byte, tries int) (n int, err error) {
	for i := 0; i < tries; i++ {
		if n, err = nsFetch(b); err == nil {
			break
		}
		if !isErrNoSpace(err) && err.Error() != "no space left on device" {
			break
		}
		nsKickCleaner()
		time.Sleep(time.Duration(2<<uint(i)) * time.Millisecond)
	}
	return n, err
}

// GOOD: errors.Is with the constant, and strings.Contains on the text.
func nsReadFullIs(b []byte, tries int) (n int, err error) {
	for i := 0; i < tries; i++ {
		if n, err = nsFetch(b); err == nil {
			break
		}
		if !errors.Is(err, syscall.ENOSPC) && !strings.Contains(err.Error(), "no space left") {
			break
		}
		time.Sleep(time.Duration(2<<uint(i)) * time.Millisecond)
	}
	return n, err
}

// isTemporary stands for a predicate that lets network errors through.
func isTemporary(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// BAD: a network error goes round too.
func nsReadFullOrTimeout(b []byte, tries int) (n int, err error) {
	for i := 0; i < tries; i++ { // want `grows but has no jitter`
		if n, err = nsFetch(b); err == nil {
			break
		}
		if !isErrNoSpace(err) && !isTemporary(err) {
			break
		}
		time.Sleep(time.Duration(2<<uint(i)) * time.Millisecond)
	}
	return n, err
}
