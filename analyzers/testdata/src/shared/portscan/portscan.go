// Package portscan is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall
package portscan

import (
	"errors"
	"net"
)

// A loop that binds the next port of a range after each failure scans for
// a free one: the address it binds is made from the loop's counter, so each
// round asks for another target and trying the next one at once is right (a
// taken port does not free itself). Binding the same address every round,
// or handing the counter to the bind as an attempt number, retries the same
// bind.

var errNoPort = errors.New("no free port")

type stack interface {
	ListenUDP(network string, addr *net.UDPAddr) (*net.UDPConn, error)
	ListenTCP(network string, addr *net.TCPAddr) (*net.TCPListener, error)
}

type binder struct {
	s  stack
	ip net.IP
}

// A scan from a start, wrapping once over the range.
func (b *binder) scan(start, lo, hi int) (*net.UDPConn, error) {
	p := start
	for {
		addr := &net.UDPAddr{IP: b.ip, Port: p}
		c, err := b.s.ListenUDP("udp", addr)
		if err == nil {
			return c, nil
		}
		if p++; p > hi {
			p = lo
		}
		if p == start {
			return nil, errNoPort
		}
	}
}

// The address literal handed straight to the bind, the port an offset of
// the counter.
func (b *binder) scanFrom(base int) (*net.TCPListener, error) {
	for i := 0; i < 100; i++ {
		l, err := b.s.ListenTCP("tcp", &net.TCPAddr{IP: b.ip, Port: base + i})
		if err == nil {
			return l, nil
		}
	}
	return nil, errNoPort
}

// The same address every round: the bind is retried at once.
func (b *binder) rebind(port int) (*net.UDPConn, error) {
	addr := &net.UDPAddr{IP: b.ip, Port: port}
	for i := 0; i < 100; i++ { // reports: fixedsleep retryall
		c, err := b.s.ListenUDP("udp", addr)
		if err == nil {
			return c, nil
		}
	}
	return nil, errNoPort
}

// The counter goes to the bind as an attempt number, the address stays.
func (b *binder) rebindCounted(port int) (*net.UDPConn, error) {
	for i := 0; i < 100; i++ { // reports: fixedsleep retryall
		c, err := b.listenNumbered(&net.UDPAddr{IP: b.ip, Port: port}, i)
		if err == nil {
			return c, nil
		}
	}
	return nil, errNoPort
}

func (b *binder) listenNumbered(addr *net.UDPAddr, attempt int) (*net.UDPConn, error) {
	_ = attempt
	return b.s.ListenUDP("udp", addr)
}
