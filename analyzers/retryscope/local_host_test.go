package retryscope

import "testing"

// TestLocalPrefix: a constant start of a URL names a local host only when it
// also ends the host, so nothing added after it can move the request to
// another machine.
func TestLocalPrefix(t *testing.T) {
	for _, tc := range []struct {
		prefix   string
		portNext bool
		want     bool
	}{
		{"http://127.0.0.1:", true, true},
		{"http://127.0.0.1:", false, false}, // "80@example.com" may follow
		{"http://localhost/files/", false, true},
		{"https://[::1]:", true, true},
		{"http://169.254.169.254/latest/", false, true},
		{"http://[fe80::1]/", false, true},
		{"http://localhost", false, false},      // ".example.com" may follow
		{"http://127.0.0.1:8080", false, false}, // "@example.com" may follow
		{"http://10.0.0.7/", false, false},      // another machine
		{"http://user@127.0.0.1.example.com:", true, false},
		{"http://a@127.0.0.1/", false, false}, // the host is the part after @: not read
		{"socks5://127.0.0.1:", true, false},
		{"127.0.0.1/", false, false},
	} {
		if got := localPrefix(tc.prefix, tc.portNext); got != tc.want {
			t.Errorf("localPrefix(%q, %v) = %v, want %v", tc.prefix, tc.portNext, got, tc.want)
		}
	}
	for url, want := range map[string]bool{
		"http://169.254.169.254/latest/api/token": true,
		"http://localhost:8080/x":                 true,
		"http://[::1]/":                           true,
		"https://api.example.com/v1":              false,
		"http://127.0.0.1.nip.io/":                false,
		"file:///tmp/x":                           false,
	} {
		if got := localFullURL(url); got != want {
			t.Errorf("localFullURL(%q) = %v, want %v", url, got, want)
		}
	}
	for format, want := range map[string]bool{
		"%d":         true,
		"%d@x/":      false, // "127.0.0.1:80@x": the host is x
		"%s/healthz": true,
		"%v":         true,
		"%s@x/":      false, // user info: the host would follow
		"%s.example": false,
		"%q/":        false,
	} {
		if got := portVerb(format); got != want {
			t.Errorf("portVerb(%q) = %v, want %v", format, got, want)
		}
	}
}
