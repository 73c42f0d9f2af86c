package code

import "testing"

func TestNameSays(t *testing.T) {
	for _, c := range []struct {
		name  string
		words []string
		want  bool
	}{
		{"ErrStaleList", []string{"stale"}, true},
		{"isConflict", []string{"stale", "conflict"}, true},
		{"ErrBusy", []string{"stale", "conflict"}, false},
		{"", []string{"x"}, false},
		{"Token", nil, false},
	} {
		if got := NameSays(c.name, c.words...); got != c.want {
			t.Errorf("NameSays(%q, %q) = %v, want %v", c.name, c.words, got, c.want)
		}
	}
}

// TestStartsWithWord: a prefix counts only as a whole word of the name.
func TestStartsWithWord(t *testing.T) {
	for name, want := range map[string]bool{
		"Read": true, "ReadFrom": true, "NextMsg": true, "Reader": false, "Nexus": false, "Ready": false, "Get": false,
	} {
		if got := StartsWithWord(name, "Read", "Next"); got != want {
			t.Errorf("StartsWithWord(%q) = %v, want %v", name, got, want)
		}
	}
}
