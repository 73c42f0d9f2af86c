package unboundedretry

import (
	"errors"
	"net"
	"time"
)

// A policy's verdict kept in a variable together with a classification: the
// loop leaves when either says no, so the policy's count bounds it. Joined by
// ||, the classification can outvote the policy and nothing bounds the loop.

type dialBudget interface {
	ShouldRetry() bool
	Duration() time.Duration
}

func transientDial(err error) bool {
	var ne net.Error
	return errors.As(err, &ne)
}

// GOOD: retry := transient && policy; leaving when it is false.
func dialJoined(addr string, b dialBudget) (net.Conn, error) {
	for {
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			return conn, nil
		}
		retry := (transientDial(err) || errors.Is(err, net.ErrClosed)) && b.ShouldRetry()
		if !retry {
			return nil, err
		}
		time.Sleep(b.Duration())
	}
}

// Look-alike: joined by ||, a transient error keeps the loop going whatever
// the policy says.
func dialOutvoted(addr string, b dialBudget) net.Conn {
	for { // want `retry loop has no attempt limit and no deadline`
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			return conn
		}
		retry := transientDial(err) || b.ShouldRetry()
		if !retry {
			return nil
		}
		time.Sleep(b.Duration())
	}
}
