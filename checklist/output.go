package checklist

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// writeAtomic writes through a temporary file in the target's directory and
// renames it into place, so a reader (a CI step posting the comment) never sees
// half a report, and a failed run leaves the previous file untouched.
func writeAtomic(path string, render func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriter(tmp)
	if err = render(bw); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	if err = bw.Flush(); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	// CreateTemp makes the file 0600; a report is not a secret.
	if err = os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	return nil
}
