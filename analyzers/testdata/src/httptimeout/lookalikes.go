package httptimeout

import (
	"net/http"
	"time"
)

// GOOD: the closure runs after the Timeout is set.
func closureAfter(req *http.Request) func() {
	c := &http.Client{}
	c.Timeout = time.Second
	return func() { c.Do(req) }
}

// Captured by a closure before the Timeout is set: the closure may run first.
func closureBefore(u string) {
	c := &http.Client{} // want `http.Client has no Timeout`
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	go func() { c.Do(req) }()
	c.Timeout = time.Second
}

// GOOD: a periodic worker whose client is configured once, up front.
func worker(stop <-chan struct{}, req *http.Request) {
	c := &http.Client{}
	c.Timeout = 5 * time.Second
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			resp, err := c.Do(req)
			if err == nil {
				resp.Body.Close()
			}
		}
	}
}

// GOOD: reading the client's fields is configuration, not a use.
func inspectFields() *http.Client {
	c := &http.Client{}
	if c.Transport == nil {
		c.Transport = http.DefaultTransport
	}
	c.Timeout = time.Second
	return c
}

// A client type of another package that embeds http.Client is not http.Client.
type wrapped struct{ http.Client }

func embedded() *wrapped {
	return &wrapped{Client: http.Client{Timeout: time.Second}}
}

func embeddedBare() *wrapped {
	return &wrapped{Client: http.Client{}} // want `http.Client has no Timeout`
}
