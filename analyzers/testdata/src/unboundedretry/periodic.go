package unboundedretry

import (
	"net/http"
	"strings"
	"time"
)

// A periodic job goes round after its success too: a registration renewed
// every period, a heartbeat. Running without end is its design; only a
// refusal (401) ends it. Its failure way has no bound, and needs none.

var poolClient = &http.Client{Timeout: 10 * time.Second}

// GOOD: the status switch's success case waits and goes round.
func joinPool(pool string) {
	for {
		resp, err := poolClient.Post(pool, "application/json", strings.NewReader("{}"))
		if err != nil {
			time.Sleep(time.Minute)
			continue
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			time.Sleep(30 * time.Minute)
			continue
		case http.StatusUnauthorized:
			return
		default:
			time.Sleep(time.Minute)
			continue
		}
	}
}

// GOOD: the same with ifs; the success falls to the period's wait at the end.
func heartbeat(url string) {
	for {
		resp, err := poolClient.Get(url)
		if err != nil {
			time.Sleep(time.Minute)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusForbidden {
			return
		}
		time.Sleep(10 * time.Minute)
	}
}

// BAD: the success (200) leaves: a retry until the answer comes; while the
// call fails nothing ends it.
func awaitReady(url string) {
	for { // want `retry loop has no attempt limit and no deadline`
		resp, err := poolClient.Get(url)
		if err != nil {
			time.Sleep(time.Minute)
			continue
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			return
		case http.StatusUnauthorized:
			return
		}
		time.Sleep(5 * time.Second)
	}
}

// BAD: the success leaves when a flag in the answer says so: a poll.
func awaitFlag(url string) {
	for { // want `poll loop goes round on every failed call with no attempt limit and no deadline`
		resp, err := poolClient.Get(url)
		if err != nil {
			time.Sleep(time.Minute)
			continue
		}
		done := resp.Header.Get("X-Done") != ""
		resp.Body.Close()
		if done {
			return
		}
		time.Sleep(5 * time.Second)
	}
}
