// Package lifestate is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall
package lifestate

import (
	"context"
	"errors"
)

// A failure way that goes round only when the value the attempt used is
// dead (a closed connection) and leaves on every other failure retries the
// failures of a dead resource, not every error. A flag that says nothing of
// the resource's life (configuration), or a test whose both sides go round,
// leaves every error retried.

var errTooMany = errors.New("too many dials")

type stream struct{ id int }

type conn interface {
	Open(ctx context.Context) (*stream, error)
	IsClosed() bool
	RetryEnabled() bool
}

type link struct {
	raw       conn
	broken    bool
	eager     bool
	keepAlive bool
}

func (k *link) Open(ctx context.Context) (*stream, error) { return k.raw.Open(ctx) }

type pool struct {
	best  func() *link
	links []*link
	limit int
}

var maxDials = 2

func (p *pool) dial(ctx context.Context) (*link, error) {
	if ctx.Err() != nil || len(p.links) == 0 {
		return nil, errTooMany
	}
	return p.links[0], nil
}

func (p *pool) openStream(ctx context.Context) (*stream, error) {
	dials := 0
	for {
		c := p.best()
		if c == nil {
			dials++
			if dials > maxDials {
				return nil, errTooMany
			}
			var err error
			c, err = p.dial(ctx)
			if err != nil {
				return nil, err
			}
		}
		s, err := c.Open(ctx)
		if err != nil {
			if c.raw.IsClosed() {
				continue
			}
			return nil, err
		}
		return s, nil
	}
}

// A field of the resource's life, tested negated: a live link's failure
// leaves.
func (p *pool) openOnLive(ctx context.Context) (*stream, error) {
	for {
		c := p.best()
		s, err := c.Open(ctx)
		if err == nil {
			return s, nil
		}
		if !c.broken {
			return nil, err
		}
	}
}

// A flag of configuration is the same for every error: all are retried.
func (p *pool) openWhenEnabled(ctx context.Context) (*stream, error) {
	for { // reports: retryall
		c := p.best()
		s, err := c.Open(ctx)
		if err != nil {
			if c.raw.RetryEnabled() {
				continue
			}
			return nil, err
		}
		return s, nil
	}
}

// A bool field that is no life state.
func (p *pool) openWhenEager(ctx context.Context) (*stream, error) {
	for { // reports: retryall
		c := p.best()
		s, err := c.Open(ctx)
		if err != nil {
			if c.eager {
				continue
			}
			return nil, err
		}
		return s, nil
	}
}

// The state of another value than the one the attempt used tells nothing of
// this failure.
func (p *pool) openAskingOther(ctx context.Context, other *link) (*stream, error) {
	for { // reports: retryall
		c := p.best()
		s, err := c.Open(ctx)
		if err != nil {
			if other.raw.IsClosed() {
				continue
			}
			return nil, err
		}
		return s, nil
	}
}

// Both answers go round: every error is retried.
func (p *pool) openEitherWay(ctx context.Context) (*stream, error) {
	for { // reports: retryall
		c := p.best()
		s, err := c.Open(ctx)
		if err != nil {
			if c.raw.IsClosed() {
				p.limit--
			}
			continue
		}
		return s, nil
	}
}

// A setting whose name holds a life word is still a setting.
func (p *pool) openKeepAlive(ctx context.Context) (*stream, error) {
	for { // reports: retryall
		c := p.best()
		s, err := c.Open(ctx)
		if err != nil {
			if c.keepAlive {
				continue
			}
			return nil, err
		}
		return s, nil
	}
}
