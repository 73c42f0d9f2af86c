package httptimeout

import (
	"context"
	"net/http"
	"testing"
)

type fakeDoer struct{}

func (fakeDoer) Do(*http.Request) (*http.Response, error) { return nil, nil }

// A test that swaps in a mock and hands the variable on reads it, but sends
// no production request: deadClient stays quiet.
func TestFetchShadowed(t *testing.T) {
	deadClient = fakeDoer{}
	_ = fetchShadowed(context.Background(), deadClient, "http://example.invalid")
}
