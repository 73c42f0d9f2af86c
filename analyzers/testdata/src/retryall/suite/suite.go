// Package suite is shared test code outside _test.go files: it imports testing,
// so its retry loops are test helpers and are not reported by default.
package suite

import (
	"testing"
	"time"
)

func ping() error { return nil }

func WaitReady(t testing.TB) {
	for i := 0; i < 50; i++ {
		if err := ping(); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("server did not start")
}
