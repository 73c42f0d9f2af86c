// Package latest ends in "test" but is no test companion: it imports no
// package named "la". The same wait is the product's and stays reported.
package latest

import (
	"net"
	"time"

	"fixedsleep/store"
)

func WaitUp() error {
	var err error
	for i := 0; i < 100; i++ { // want `retry loop waits the same time.Second before every attempt`
		var c net.Conn
		if c, err = net.DialTimeout("tcp", store.Addr(), time.Second); err == nil {
			return c.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
