// Package pickers is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall
package pickers

import (
	"context"
	"errors"
	"log"
	"net/http"
	"strconv"
)

// Issue 12 shape 2, the picker form: each round first takes a new target from
// a picker (a function value or a method that hands out another node on each
// call) and sends to it. Trying the next node at once is a failover, not the
// failed attempt again. A pick made once before the loop, or a call each
// round whose result is not the target, leaves a retry of the same attempt.

var errNoNode = errors.New("no node answered")

type node struct{ addr string }

// nextNode hands out another node on each call.
type nextNode func() (*node, error)

type balancer struct {
	nodes    []*node
	strategy func([]*node) nextNode
	rt       http.RoundTripper
	sel      selector
	clients  map[string]*http.Client
	tries    counter
	names    namer
}

type selector interface {
	Select() (string, error)
}

// namer hands out another label on each call: a name for the log, not a target.
type namer interface {
	Next() string
}

type counter interface {
	Next() int
}

// ---- a picker called each round, its value the target: quiet ----

// A function value made before the loop; the request is pointed at the node.
func (b *balancer) viaFuncValue(req *http.Request) (*http.Response, error) {
	next := b.strategy(b.nodes)
	for i := 0; i < 8; i++ {
		n, err := next()
		if err != nil {
			continue
		}
		req.URL.Host = n.addr
		resp, err := b.send(b.rt, req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errNoNode
}

// A local closure named for what it does, its address handed to the attempt.
func (b *balancer) viaClosure(ctx context.Context) error {
	k := 0
	pick := func() string {
		k++
		return b.nodes[k%len(b.nodes)].addr
	}
	for i := 0; i < 8; i++ {
		addr := pick()
		if err := b.get(ctx, addr, 0); err == nil {
			return nil
		}
	}
	return errNoNode
}

// A method of an interface picks the address; the client is chosen from it.
func (b *balancer) viaSelectorMethod(req *http.Request) (*http.Response, error) {
	for i := 0; i < 8; i++ {
		addr, err := b.sel.Select()
		if err != nil {
			continue
		}
		resp, err := b.send(b.clients[addr].Transport, req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errNoNode
}

// ---- look-alikes: the same target again, reported ----

// The node is picked once, before the loop: every round sends to it.
func (b *balancer) pickedOnce(req *http.Request) (*http.Response, error) {
	next := b.strategy(b.nodes)
	n, err := next()
	if err != nil {
		return nil, err
	}
	for i := 0; i < 20; i++ { // reports: fixedsleep retryall
		req.URL.Host = n.addr
		resp, err := b.send(b.rt, req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errNoNode
}

// The function value is made again each round: it starts over and hands out
// the same first node every time. (fixedsleep cannot tell whether the
// strategy, a function value, waits.)
func (b *balancer) strategyEachRound(req *http.Request) (*http.Response, error) {
	for i := 0; i < 8; i++ { // reports: retryall
		next := b.strategy(b.nodes)
		n, err := next()
		if err != nil {
			continue
		}
		req.URL.Host = n.addr
		resp, err := b.send(b.rt, req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errNoNode
}

// A call each round whose result only goes to the log.
func (b *balancer) labelEachRound(ctx context.Context, addr string) error {
	for i := 0; i < 20; i++ { // reports: fixedsleep retryall
		log.Printf("try %s", b.names.Next())
		if err := b.get(ctx, addr, 0); err == nil {
			return nil
		}
	}
	return errNoNode
}

// A counter's next value handed to the attempt is an attempt number.
func (b *balancer) attemptNumber(ctx context.Context, addr string) error {
	for i := 0; i < 20; i++ { // reports: fixedsleep retryall
		n := b.tries.Next()
		if err := b.get(ctx, addr, n); err == nil {
			return nil
		}
	}
	return errNoNode
}

var errBusy = errors.New("server busy")

func (b *balancer) send(rt http.RoundTripper, req *http.Request) (*http.Response, error) {
	resp, err := rt.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 500 {
		resp.Body.Close()
		return nil, errBusy
	}
	return resp, nil
}

func (b *balancer) get(ctx context.Context, addr string, try int) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/health", nil)
	if err != nil {
		return err
	}
	if try > 0 {
		req.Header.Set("X-Try", strconv.Itoa(try))
	}
	resp, err := b.send(b.rt, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
