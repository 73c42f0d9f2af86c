package unboundedretry

import "testing"

func TestSaysEndless(t *testing.T) {
	for text, want := range map[string]bool{
		"Retry to create producer indefinitely\n":                  true,
		"keepReconnecting keeps reconnecting forever, until up.\n": true,
		"Do not retry forever.\n":                                  false,
		"The handshake may block forever on a silent peer.\n":      false,
		"want `retry loop has no attempt limit and no deadline`\n": false,
		"Retries; the server may hang forever.\n":                  false,
		"Temporal retries an activity forever by default.\n":       false,
		"The client defaults to retrying forever.\n":               false,
	} {
		if got := saysEndless(text); got != want {
			t.Errorf("saysEndless(%q) = %v, want %v", text, got, want)
		}
	}
}
