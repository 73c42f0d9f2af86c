// Package server lies under storetest, the test companion of package store
// (a package's name with "test" appended, as httptest is net/http's): it
// starts a store for the tests of store's users and waits until it answers.
// Its fixed pace is a test's, not the product's (lint.TestCompanion).
package server

import (
	"net"
	"time"

	"fixedsleep/store"
)

func WaitUp() error {
	var err error
	for i := 0; i < 100; i++ {
		var c net.Conn
		if c, err = net.DialTimeout("tcp", store.Addr(), time.Second); err == nil {
			return c.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
