// Package httptimeoutconfig checks httptimeout's configuration: exempt
// constructors, and reporting in test files (tests: true).
package httptimeoutconfig

import "net/http"

// GOOD: configured as a streaming-client constructor.
func newStreamingClient() *http.Client { return &http.Client{} }

type watcher struct{ c *http.Client }

// GOOD: every method of watcher is exempt.
func (w *watcher) init() { w.c = &http.Client{} }

func other() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}
