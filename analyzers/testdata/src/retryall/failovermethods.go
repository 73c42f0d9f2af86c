package retryall

import (
	"context"
	"strings"
	"sync"
	"time"
)

// Shape 2: a round robin behind methods of the receiver. The loop counts up
// to a method that returns len(r.list) and asks another method of the same
// receiver for each round's target; that method returns r.list[idx] at an
// index made of a field it advances. Each address is tried once: a failover.

type addrInvoker interface {
	Invoke(ctx context.Context, addr string) error
}

type nameServers struct {
	mu     sync.Mutex
	addrs  []string
	next   int
	fixed  int
	client addrInvoker
}

func (s *nameServers) Size() int { return len(s.addrs) }

// nextAddr hands out the next address and moves the index on, trimmed as
// callers want it.
func (s *nameServers) nextAddr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	addr := s.addrs[s.next%len(s.addrs)]
	k := s.next + 1
	k %= len(s.addrs)
	s.next = k
	return strings.TrimPrefix(addr, "http://")
}

func (s *nameServers) advance() string {
	a := s.addrs[s.next]
	s.next++
	return a
}

func (s *nameServers) first() string { return s.addrs[0] }

// fixedAddr reads at an index it never moves.
func (s *nameServers) fixedAddr() string { return s.addrs[s.fixed%len(s.addrs)] }

// logsNext moves the index but returns no element of the list.
func (s *nameServers) logsNext() string {
	_ = s.addrs[s.next]
	s.next++
	return "primary"
}

// GOOD: each round asks the method for the next address.
func (s *nameServers) query() error {
	var err error
	for i := 0; i < s.Size(); i++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err = s.client.Invoke(ctx, s.nextAddr())
		cancel()
		if err == nil {
			return nil
		}
	}
	return err
}

// GOOD: the address through a local, the count through a local, ++ on the index.
func (s *nameServers) queryLocal(ctx context.Context) error {
	var err error
	n := s.Size()
	for i := 0; i < n; i++ {
		addr := s.advance()
		if err = s.client.Invoke(ctx, addr); err == nil {
			return nil
		}
	}
	return err
}

// GOOD: a range over the method's count.
func (s *nameServers) queryRange(ctx context.Context) error {
	var err error
	for range s.Size() {
		if err = s.client.Invoke(ctx, s.nextAddr()); err == nil {
			return nil
		}
	}
	return err
}

// Look-alike: the method returns the first address every time.
func (s *nameServers) queryFirst(ctx context.Context) error {
	var err error
	for i := 0; i < s.Size(); i++ { // want `retry loop retries every error alike`
		if err = s.client.Invoke(ctx, s.first()); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Look-alike: the method's index is a field it never moves.
func (s *nameServers) queryFixed(ctx context.Context) error {
	var err error
	for i := 0; i < s.Size(); i++ { // want `retry loop retries every error alike`
		if err = s.client.Invoke(ctx, s.fixedAddr()); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Look-alike: the method moves its index but returns a constant.
func (s *nameServers) queryLogged(ctx context.Context) error {
	var err error
	for i := 0; i < s.Size(); i++ { // want `retry loop retries every error alike`
		if err = s.client.Invoke(ctx, s.logsNext()); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Look-alike: the count is another list's length, so the rounds need not
// match the addresses handed out (o.Size() may exceed s's).
func (s *nameServers) queryOther(ctx context.Context, o *nameServers) error {
	var err error
	for i := 0; i < o.Size(); i++ { // want `retry loop retries every error alike`
		if err = s.client.Invoke(ctx, s.nextAddr()); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
