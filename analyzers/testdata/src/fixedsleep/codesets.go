package fixedsleep

import (
	"net/http"
	"time"
)

// A failure test joined with a set of codes of unknown meaning is still a
// retry on failure: its constant wait is reported.
func constantWaitBesideCodeSet(c *http.Client, req *http.Request, extra map[int]bool) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 20; attempt++ { // want `retry loop waits the same 2 \* time.Second before every attempt`
		resp, err = c.Do(req)
		if err != nil || resp.StatusCode >= 500 || extra[resp.StatusCode] {
			if resp != nil {
				resp.Body.Close()
			}
			time.Sleep(2 * time.Second)
			continue
		}
		break
	}
	return resp, err
}
