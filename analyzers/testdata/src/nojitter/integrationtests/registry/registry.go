// Package registry lies under integrationtests, a kind of test suite joined
// to "tests" in one word: it starts what a suite needs and is test code,
// though it imports no "testing". The same backoff is quiet here.
package registry

import (
	"context"
	"net"
	"time"
)

func Start(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	var err error
	for i := range 8 {
		var c net.Conn
		if c, err = d.DialContext(ctx, "tcp", addr); err == nil {
			return c, nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return nil, err
}
