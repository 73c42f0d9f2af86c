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
