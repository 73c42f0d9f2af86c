// Package contests ends in "tests" after a stem that names no kind of test
// suite: it is product code, and the backoff of its retry stays reported.
package contests

import (
	"context"
	"net"
	"time"
)

func Join(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	var err error
	for i := range 8 { // want `retry backoff time.Duration\(i \+ 1\) \* time.Second grows but has no jitter`
		var c net.Conn
		if c, err = d.DialContext(ctx, "tcp", addr); err == nil {
			return c, nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return nil, err
}
