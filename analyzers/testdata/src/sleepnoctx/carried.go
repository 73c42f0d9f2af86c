package sleepnoctx

import (
	"context"
	"net/http"
	"time"
)

// With no context.Context variable in scope, a value that carries one names
// the context to wait on: an *http.Request parameter (req.Context()) or the
// one context field of a method's receiver (s.ctx).

func handleWithRetry(w http.ResponseWriter, req *http.Request) {
	for i := 0; i < 5; i++ { // want `time.Sleep between retry attempts ignores cancellation: wait in a select on req.Context\(\).Done\(\) and a timer`
		if err := send(req.Context()); err == nil {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		time.Sleep(5 * time.Second)
	}
	w.WriteHeader(http.StatusBadGateway)
}

func doWithRetry(c *http.Client, req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 5; i++ { // want `wait in a select on req.Context\(\).Done\(\) and a timer`
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(5 * time.Second)
	}
	return nil, err
}

func afterInHandler(w http.ResponseWriter, r *http.Request) {
	for i := 0; i < 5; i++ { // want `wait between retry attempts ignores cancellation: add a case <-r.Context\(\).Done\(\) to the select`
		if err := send(r.Context()); err == nil {
			return
		}
		<-time.After(5 * time.Second)
	}
}

// A function literal the handler runs itself is still within the request.
func handleInClosure(w http.ResponseWriter, req *http.Request) {
	notify := func() error {
		for i := 0; i < 5; i++ { // want `wait in a select on req.Context\(\).Done\(\) and a timer`
			if err := send(req.Context()); err == nil {
				return nil
			}
			time.Sleep(5 * time.Second)
		}
		return errTemp
	}
	if notify() != nil {
		w.WriteHeader(http.StatusBadGateway)
	}
}

type pusher struct {
	ctx  context.Context
	addr string
}

func (p *pusher) push() error {
	var err error
	for i := 0; i < 5; i++ { // want `wait in a select on p.ctx.Done\(\) and a timer`
		if err = send(p.ctx); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return err
}

// Look-alike: the method never reads its receiver's context field, which
// nothing may have set.
func (p *pusher) dial() error {
	for i := 0; i < 5; i++ { // want `time.Sleep between retry attempts cannot be cancelled: accept a context.Context`
		if err := send(context.Background()); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return errTemp
}

type callConfig struct {
	Context    context.Context
	Request    *http.Request
	MaxRetries int
}

// A receiver whose method reads its request but not its context field: the
// request's context.
func (c *callConfig) execute(client *http.Client) error {
	var err error
	for i := 0; i <= c.MaxRetries; i++ { // want `wait in a select on c.Request.Context\(\).Done\(\) and a timer`
		var resp *http.Response
		if resp, err = client.Do(c.Request.Clone(c.Request.Context())); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

// Look-alike: a request built here carries context.Background, which never
// ends: nothing to name.
func postBuilt(c *http.Client, url string) error {
	req, _ := http.NewRequest(http.MethodPost, url, nil)
	for i := 0; i < 5; i++ { // want `time.Sleep between retry attempts cannot be cancelled: accept a context.Context and wait in a select on ctx.Done\(\) and a timer`
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return errTemp
}

type twoContexts struct {
	ctx, parent context.Context
}

type traceKey struct{}

// Look-alike: two context fields read, and no telling which one the wait means.
func (t twoContexts) push() error {
	if t.parent.Value(traceKey{}) == nil {
		return errTemp
	}
	for i := 0; i < 5; i++ { // want `time.Sleep between retry attempts cannot be cancelled: accept a context.Context`
		if err := send(t.ctx); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return errTemp
}

// Look-alike: the request's name is taken by a string where the loop runs.
func handleShadowed(w http.ResponseWriter, req *http.Request) {
	go func(req string) {
		for i := 0; i < 5; i++ { // want `time.Sleep between retry attempts cannot be cancelled: accept a context.Context`
			if err := send(context.Background()); err == nil {
				return
			}
			time.Sleep(5 * time.Second)
		}
	}(req.URL.Path)
}

// Look-alike: a goroutine the handler starts may outlive the request, whose
// context ends when the handler returns.
func handleInBackground(w http.ResponseWriter, req *http.Request) {
	go func() {
		for i := 0; i < 5; i++ { // want `time.Sleep between retry attempts cannot be cancelled: accept a context.Context`
			if err := send(context.Background()); err == nil {
				return
			}
			time.Sleep(5 * time.Second)
		}
	}()
	w.WriteHeader(http.StatusAccepted)
}
