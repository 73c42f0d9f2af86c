package code

import "strings"

// NameSays reports whether a name, in any case, contains one of the words:
// the rules read a name for what it says (ErrStaleList says "stale",
// isConflict says "conflict"), whatever its casing.
func NameSays(name string, words ...string) bool {
	n := strings.ToLower(name)
	for _, w := range words {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}
