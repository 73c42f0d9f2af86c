package httptimeout

import (
	"net/http"
	"time"
)

// http.DefaultClient is the process's one default: a positive Timeout set
// before the send, on every path to it, bounds the send.

func dtSetFirst() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, "https://example.com", nil)
	http.DefaultClient.Timeout = 5 * time.Second
	return http.DefaultClient.Do(req)
}

func dtSetInCandidates(get func(string) *http.Request) {
	for _, u := range []string{"http://a.example", "http://b.example"} {
		http.DefaultClient.Timeout = 2 * time.Second
		resp, err := http.DefaultClient.Do(get(u))
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}

func dtSetBeforeGet() (*http.Response, error) {
	http.DefaultClient.Timeout = time.Second
	return http.Get("https://example.com/a")
}

type dtFinder struct{ found *string }

// base sets the Timeout on its way to an answer it keeps: its guard returns
// what an earlier call stored.
func (f *dtFinder) base() string {
	if f.found != nil {
		return *f.found
	}
	http.DefaultClient.Timeout = 3 * time.Second
	u := "https://example.com"
	f.found = &u
	return u
}

func (f *dtFinder) fetch() (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, f.base()+"/x", nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

func dtConfigure() { http.DefaultClient.Timeout = 4 * time.Second }

func dtConfiguredByCallee() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, "https://example.com", nil)
	dtConfigure()
	return http.DefaultClient.Do(req)
}

// Look-alikes: still unbounded at the send.

func dtSetAfter() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, "https://example.com", nil)
	resp, err := http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
	http.DefaultClient.Timeout = 5 * time.Second
	return resp, err
}

func dtSetOnOtherBranch(fast bool) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, "https://example.com", nil)
	if fast {
		http.DefaultClient.Timeout = time.Second
		return nil, nil
	}
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

func dtSetOnOneBranch(fast bool) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, "https://example.com", nil)
	if fast {
		http.DefaultClient.Timeout = time.Second
	}
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

func dtOtherClient() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, "https://example.com", nil)
	other := &http.Client{Timeout: time.Second}
	other.Timeout = 5 * time.Second
	_, _ = other.Do(req)
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

func dtZero() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, "https://example.com", nil)
	http.DefaultClient.Timeout = 0
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

func dtReset() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, "https://example.com", nil)
	http.DefaultClient.Timeout = time.Second
	http.DefaultClient.Timeout = 0
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

func dtMaybeConfigure(on bool) {
	if !on {
		return
	}
	http.DefaultClient.Timeout = time.Second
}

func dtCalleeOnOnePath() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, "https://example.com", nil)
	dtMaybeConfigure(false)
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

func dtCalleeDeferred() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, "https://example.com", nil)
	defer dtConfigure()
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

func dtCalleeBehindOr(ok bool) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, "https://example.com", nil)
	if ok || dtConfigured() {
		return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
	}
	return nil, nil
}

func dtConfigured() bool { dtConfigure(); return true }

func dtGetAfter() (*http.Response, error) {
	resp, err := http.Get("https://example.com/b") // want `http.Get sends with http.DefaultClient`
	http.DefaultClient.Timeout = time.Second
	return resp, err
}

// A guard on a field the method never stores is no kept answer: its early
// return skips the Timeout.
func (f *dtFinder) given() string {
	if f.found != nil {
		return *f.found
	}
	http.DefaultClient.Timeout = 3 * time.Second
	return "https://example.com"
}

func (f *dtFinder) fetchGiven() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, f.given()+"/y", nil)
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}
