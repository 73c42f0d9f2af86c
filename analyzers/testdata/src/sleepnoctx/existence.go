package sleepnoctx

import (
	"errors"
	"log"
	"net/http"
	"os"
	"time"
)

// A loop whose only retried attempt asks whether a path exists (os.Stat,
// os.Lstat, the file information dropped, the error only compared with nil)
// waits for the path to appear: a poll whose failure means "not there yet",
// not a retry. Its sleep is the poll's pace.

func waitForFile(path string) {
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func waitForSocket(path string) error {
	for {
		_, err := os.Lstat(path)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}

var errNoPath = errors.New("no path")

// localWatch keeps its paths in the process.
type localWatch struct{ paths []string }

func (w *localWatch) Add(p string) error {
	if p == "" {
		return errNoPath
	}
	w.paths = append(w.paths, p)
	return nil
}

// Once the path is there, what else can fail stays in the process.
func waitAndWatch(path string, w *localWatch) {
	for {
		if _, err := os.Stat(path); err == nil {
			if err := w.Add(path); err == nil {
				log.Printf("watching %s", path)
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Look-alike: each round also calls another system; the stat tells whether
// that call did its work, so the call is retried.
func triggerUntilWritten(path, url string) {
	for { // want `time.Sleep between retry attempts cannot be cancelled`
		if _, err := os.Stat(path); err == nil {
			return
		}
		if resp, err := http.Post(url, "text/plain", nil); err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the error outlives the loop and goes to the caller as the
// failure; 600 waits of 100 ms.
func statOrFail(path string) error {
	var err error
	for i := 0; i < 600; i++ { // want `time.Sleep between retry attempts cannot be cancelled`
		if _, err = os.Stat(path); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}
