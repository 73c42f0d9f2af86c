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

// Shape 2b: the index moved by a method of its own, which the loop calls
// on a failure (a client pool: Get, then MoveToNext), in a generic pool.

type clientPool[T any] struct {
	clients []T
	index   int
}

func (p *clientPool[T]) Len() int { return len(p.clients) }

func (p *clientPool[T]) Get() T { return p.clients[p.index] }

func (p *clientPool[T]) MoveToNext() {
	p.index++
	if p.index == len(p.clients) {
		p.index = 0
	}
}

// reset moves nothing the pool reads at.
func (p *clientPool[T]) reset() { p.clients = p.clients[:len(p.clients):len(p.clients)] }

type poolUser struct{ pool *clientPool[addrInvoker] }

// GOOD: each failure moves the pool on to its next client.
func (u *poolUser) fetch(ctx context.Context) error {
	var err error
	for i := 0; i < u.pool.Len(); i++ {
		c := u.pool.Get()
		if err = c.Invoke(ctx, "sidecars"); err != nil {
			u.pool.MoveToNext()
			continue
		}
		return nil
	}
	return err
}

// Look-alike: the loop calls a method that moves nothing Get reads.
func (u *poolUser) fetchSame(ctx context.Context) error {
	var err error
	for i := 0; i < u.pool.Len(); i++ { // want `retry loop retries every error alike`
		c := u.pool.Get()
		if err = c.Invoke(ctx, "sidecars"); err != nil {
			u.pool.reset()
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return err
}

// Shape 2c: the index handed to a method that reads the list there: a scan
// for the first element that works.

type channelBank struct {
	queue  []string
	client addrInvoker
}

func (b *channelBank) tryAt(ctx context.Context, i int) error {
	id := b.queue[i]
	return b.client.Invoke(ctx, id)
}

// tryNumbered takes the counter as an attempt number only.
func (b *channelBank) tryNumbered(ctx context.Context, attempt int) error {
	if attempt > 0 {
		time.Sleep(time.Second)
	}
	return b.client.Invoke(ctx, b.queue[0])
}

// GOOD: each round tries another channel of the queue.
func (b *channelBank) firstReady(ctx context.Context) error {
	for i := 0; i < len(b.queue); i++ {
		if err := b.tryAt(ctx, i); err == nil {
			return nil
		}
	}
	return context.Canceled
}

// Look-alike: the counter is an attempt number; the target stays the same.
func (b *channelBank) firstTry(ctx context.Context) error {
	for i := 0; i < len(b.queue); i++ { // want `retry loop retries every error alike`
		if err := b.tryNumbered(ctx, i); err == nil {
			return nil
		}
	}
	return context.Canceled
}
