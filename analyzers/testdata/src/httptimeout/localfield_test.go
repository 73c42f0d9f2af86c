package httptimeout

import "testing"

// A test that points the field at its own server sends nothing in production.
func TestIMDSToken(t *testing.T) {
	p := &imdsProvider{config: &imdsConfig{tokenURL: "http://" + t.Name()}}
	p.token()
}
