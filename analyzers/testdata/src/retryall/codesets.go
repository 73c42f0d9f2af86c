package retryall

import (
	"net/http"
	"time"
)

// A set of status codes looked up with the attempt's response picks the
// failures to retry, as a predicate over the code does: quiet.
func retrySetOfCodes(c *http.Client, req *http.Request, retryCodes map[int]bool) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 8; attempt++ {
		resp, err = c.Do(req)
		if err != nil || retryCodes[resp.StatusCode] {
			if resp != nil {
				resp.Body.Close()
			}
			time.Sleep(time.Duration(attempt+1) * time.Second)
			continue
		}
		break
	}
	return resp, err
}
