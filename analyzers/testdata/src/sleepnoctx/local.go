package sleepnoctx

import (
	"os"
	"time"
)

// A retry whose attempt never leaves the process is still reported: the caller
// that cancels waits out the sleeps all the same (docs/rules/sleepnoctx.md),
// here up to a minute.
func waitLockFile(path string) error {
	var err error
	for i := 0; i < 600; i++ { // want `time.Sleep between retry attempts cannot be cancelled`
		var f *os.File
		if f, err = os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600); err == nil {
			return f.Close()
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// Look-alike: the same wait for at most a second in all.
func waitLockFileBriefly(path string) error {
	var err error
	for i := 0; i < 10; i++ {
		var f *os.File
		if f, err = os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600); err == nil {
			return f.Close()
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}
