package httptimeout

import (
	"context"
	"testing"
)

// The test calls checkRemote without a deadline; the program never does.
func TestCheckRemote(t *testing.T) {
	if err := checkRemote(context.Background(), "http://127.0.0.1:1"); err == nil {
		t.Fatal("no error")
	}
}
