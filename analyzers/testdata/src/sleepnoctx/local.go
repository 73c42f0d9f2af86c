package sleepnoctx

import (
	"os"
	"time"
)

// A retry whose attempt never leaves the process is still reported: the caller
// that cancels waits out the sleep all the same (docs/rules/sleepnoctx.md).
func waitLockFile(path string) error {
	var err error
	for i := 0; i < 50; i++ { // want `time.Sleep between retry attempts cannot be cancelled`
		var f *os.File
		if f, err = os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600); err == nil {
			return f.Close()
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}
