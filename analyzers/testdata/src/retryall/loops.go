// Package retryall holds the cases of the retryall rule.
package retryall

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

var ErrNotFound = errors.New("not found")

func send() error { reach(); return nil }

func retryEverything() error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func recursive(n int) error {
	if err := send(); err != nil && n > 0 {
		return recursive(n - 1) // want `recursive retry calls itself again on every error`
	}
	return nil
}

func sentinel() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = send(); err == nil {
			return nil
		}
		if err == ErrNotFound {
			return err
		}
	}
	return err
}

func errorsAs() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = send(); err == nil {
			return nil
		}
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			return err
		}
	}
	return err
}

func typeSwitch() error {
	var err error
	for i := 0; i < 3; i++ {
		err = send()
		if err == nil {
			return nil
		}
		switch err.(type) {
		case net.Error:
			continue
		default:
			return err
		}
	}
	return err
}

func statusOnly5xx(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		resp.Body.Close()
	}
	return nil, errors.New("server unavailable")
}

func anyStatus(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode == http.StatusOK {
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

func suppressed() error {
	//retrylint:ignore retryall the only error send returns is a timeout
	for i := 0; i < 3; i++ {
		if err := send(); err == nil {
			return nil
		}
	}
	return nil
}

func noReason() error {
	// want +1 `retrylint:ignore needs a reason`
	//retrylint:ignore retryall
	for i := 0; i < 3; i++ {
		if err := send(); err == nil {
			return nil
		}
	}
	return nil
}

// unknownRule names a rule that does not exist.
// want +2 `unknown rule "nosuchrule"`
//
//retrylint:ignore nosuchrule,retryall legacy code, tracked in TICKET-1
func unknownRule() error {
	for i := 0; i < 3; i++ {
		if err := send(); err == nil {
			return nil
		}
	}
	return nil
}

// periodic work is not a retry, with or without errors.
func periodic(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = send()
		}
	}
}

type node struct{}

func (node) Ping() error { return nil }

// failover tries each replica once: any error moves on to the next.
func failover(addrs []string, nodes map[string]node) error {
	var first error
	for _, addr := range addrs {
		n := nodes[addr]
		err := n.Ping()
		if err == nil {
			return nil
		}
		if first == nil {
			first = err
		}
	}
	return first
}

func failoverIndexed(nodes []node) error {
	var err error
	for i := 0; i < len(nodes); i++ {
		n := nodes[i]
		if err = n.Ping(); err == nil {
			return nil
		}
	}
	return err
}
