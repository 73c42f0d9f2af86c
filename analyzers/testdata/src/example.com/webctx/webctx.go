// Package webctx is a web framework's handler API, reduced: a handler gets a
// Context whose Request() is the inbound request its server read, and whose
// context the server ends when the client goes away.
package webctx

import "net/http"

// Context is what a handler is handed.
type Context interface {
	Request() *http.Request
	String(code int, s string) error
}

// HandlerFunc serves one request.
type HandlerFunc func(Context) error

// Ctx is the framework's own Context.
type Ctx struct {
	req *http.Request
}

// Request returns the inbound request.
func (c *Ctx) Request() *http.Request { return c.req }

// String writes a plain answer.
func (c *Ctx) String(code int, s string) error { return nil }
