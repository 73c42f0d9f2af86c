package nestedretry

import (
	"net/http"
	"time"
)

// A self-call handed the flag that fails its own guard asks once more: a
// "once more" around a retried call, no second retry layer.
func fetchOnceMore(c *http.Client, url string, again bool) (*http.Response, error) {
	resp, err := fetchRetried(c, url)
	if err != nil && again {
		time.Sleep(time.Second)
		return fetchOnceMore(c, url, false)
	}
	return resp, err
}

// Look-alike: the flag handed on as it came keeps the guard true: a retry
// layer around the retried call.
func fetchFlagPassed(c *http.Client, url string, again bool) (*http.Response, error) {
	resp, err := fetchRetried(c, url)
	if err != nil && again {
		time.Sleep(time.Second)
		return fetchFlagPassed(c, url, again) // want `recursive retry around fetchRetried, which retries on its own`
	}
	return resp, err
}
