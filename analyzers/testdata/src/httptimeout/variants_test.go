package httptimeout

import (
	"context"
	"testing"
)

// A test that calls the Context variant brings its own context, as any caller
// of the package may: NewAPIClient's client stays unreported.
func TestHealthContext(t *testing.T) {
	if err := NewAPIClient("http://h").HealthContext(context.Background()); err != nil {
		t.Fatal(err)
	}
}
