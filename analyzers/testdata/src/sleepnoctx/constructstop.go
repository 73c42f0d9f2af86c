package sleepnoctx

import (
	"net"
	"time"
)

// A stop channel made in the constructor's literal and closed only by a
// method of the value cannot fire while the constructor, holding the only
// reference, runs a method of it: the wait ignores nothing. Once the value
// is handed on (a goroutine, a caller), or the channel comes from outside,
// the stop can come during the wait.

type csNode struct {
	addr string
	done chan struct{}
}

func (n *csNode) Close() { close(n.done) }

func (n *csNode) layout() { n.addr = n.addr + ":1" }

// NewCsNode joins before it returns the node.
func NewCsNode(addr string) *csNode {
	n := &csNode{addr: addr, done: make(chan struct{})}
	n.layout()
	n.join()
	return n
}

// GOOD: only the constructor runs it, before anyone can call Close.
func (n *csNode) join() {
	for {
		c, err := net.Dial("tcp", n.addr)
		if err == nil {
			c.Close()
			return
		}
		time.Sleep(30 * time.Second)
	}
}

type csPeer struct {
	addr string
	done chan struct{}
}

func (p *csPeer) Close() { close(p.done) }

func (p *csPeer) closeOnSignal(sig chan struct{}) {
	<-sig
	p.Close()
}

// NewCsPeer starts a goroutine that may close the channel before it joins.
func NewCsPeer(addr string, sig chan struct{}) *csPeer {
	p := &csPeer{addr: addr, done: make(chan struct{})}
	go p.closeOnSignal(sig)
	p.join()
	return p
}

// BAD: a goroutine started before the loop can close p.done.
func (p *csPeer) join() {
	for { // want `time.Sleep between retry attempts ignores the stop channel p.done`
		c, err := net.Dial("tcp", p.addr)
		if err == nil {
			c.Close()
			return
		}
		time.Sleep(30 * time.Second)
	}
}

type csHanded struct {
	addr string
	done chan struct{}
}

func (h *csHanded) Close() { close(h.done) }

// NewCsHanded takes its stop channel from the caller.
func NewCsHanded(addr string, done chan struct{}) *csHanded {
	h := &csHanded{addr: addr, done: done}
	h.join()
	return h
}

// BAD: the caller's channel can be closed at any time.
func (h *csHanded) join() {
	for { // want `time.Sleep between retry attempts ignores the stop channel h.done`
		c, err := net.Dial("tcp", h.addr)
		if err == nil {
			c.Close()
			return
		}
		time.Sleep(30 * time.Second)
	}
}

type csRejoin struct {
	addr string
	done chan struct{}
}

func (r *csRejoin) Close() { close(r.done) }

// NewCsRejoin joins before it returns the value.
func NewCsRejoin(addr string) *csRejoin {
	r := &csRejoin{addr: addr, done: make(chan struct{})}
	r.join()
	return r
}

// Rejoin runs the same loop on a value anyone may Close.
func (r *csRejoin) Rejoin() { r.join() }

// BAD: also run after construction, where Close can come during the wait.
func (r *csRejoin) join() {
	for { // want `time.Sleep between retry attempts ignores the stop channel r.done`
		c, err := net.Dial("tcp", r.addr)
		if err == nil {
			c.Close()
			return
		}
		time.Sleep(30 * time.Second)
	}
}

type csSelfStarted struct {
	addr string
	done chan struct{}
}

func (s *csSelfStarted) Close() { close(s.done) }

func (s *csSelfStarted) closeOnSignal(sig chan struct{}) {
	<-sig
	s.Close()
}

// NewCsSelfStarted joins before it returns the value.
func NewCsSelfStarted(addr string, sig chan struct{}) *csSelfStarted {
	s := &csSelfStarted{addr: addr, done: make(chan struct{})}
	s.join(sig)
	return s
}

// BAD: the method itself starts, before its loop, a goroutine that can
// close s.done.
func (s *csSelfStarted) join(sig chan struct{}) {
	go s.closeOnSignal(sig)
	for { // want `time.Sleep between retry attempts ignores the stop channel`
		c, err := net.Dial("tcp", s.addr)
		if err == nil {
			c.Close()
			return
		}
		time.Sleep(30 * time.Second)
	}
}
