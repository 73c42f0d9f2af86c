package httptimeout

import "net/http"

// A client handed to code out of reach — an interface's method or a func
// value — may get its Timeout there, the way option appliers configure the
// client their caller built. Nothing proves it has none.

type clientOption interface{ Apply(target any) }

// GOOD: the options may set the client's Timeout.
func fetchWithOptions(opts clientOption, u string) (*http.Response, error) {
	c := &http.Client{}
	opts.Apply(c)
	return c.Get(u)
}

// GOOD: so may a hook the caller passes.
func fetchWithHook(configure func(*http.Client), u string) (*http.Response, error) {
	c := &http.Client{}
	configure(c)
	return c.Get(u)
}

// BAD: the option applier gets a copy: the client sent with keeps no Timeout.
func fetchWithCopiedOptions(opts clientOption, u string) (*http.Response, error) {
	c := &http.Client{} // want `http.Client has no Timeout`
	opts.Apply(*c)
	return c.Get(u)
}

// BAD: a function of the package that sets nothing.
func describeClient(c *http.Client) bool { return c.Transport == nil }

func fetchDescribed(u string) (*http.Response, error) {
	c := &http.Client{} // want `http.Client has no Timeout`
	_ = describeClient(c)
	return c.Get(u)
}
