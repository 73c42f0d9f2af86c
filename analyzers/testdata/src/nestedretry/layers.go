package nestedretry

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// Shape 4: two layers multiply only if both are retries.

// fetchRetried retries the same request: a real retry layer.
func fetchRetried(c *http.Client, url string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.Get(url); err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return nil, err
}

// A failover over servers around a retried call is not an outer retry: each
// server is asked once.
func fetchAnyServer(c *http.Client, servers []string) (*http.Response, error) {
	for _, s := range servers {
		if resp, err := fetchRetried(c, "https://"+s+"/state"); err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no server answered")
}

// dialOnceMore dials again once after a failure: a flag-bounded "once more".
func dialOnceMore(addr string) (net.Conn, error) {
	again := false
	for {
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			return conn, nil
		}
		if again {
			return nil, err
		}
		again = true
	}
}

// A retry around a "once more" is one retry layer.
func dialRetried(ctx context.Context, addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 5; i++ {
		var conn net.Conn
		if conn, err = dialOnceMore(addr); err == nil {
			return conn, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(1<<i) * time.Second):
		}
	}
	return nil, err
}

// Look-alike: a retry of the same request around a retried call multiplies.
func fetchTwice(c *http.Client, url string) (*http.Response, error) {
	var err error
	for i := 0; i < 2; i++ { // want `retry loop \(2 attempts\) around fetchRetried, which retries on its own`
		var resp *http.Response
		if resp, err = fetchRetried(c, url); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}
