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

// StartsWithWord reports whether name starts with one of prefixes as a whole
// word of a mixedCaps name: the prefix is the name, or the next letter is
// upper case (ReadFrom and Read start with Read; Reader and Ready do not).
func StartsWithWord(name string, prefixes ...string) bool {
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(name, p); ok && (rest == "" || strings.ToUpper(rest[:1]) == rest[:1]) {
			return true
		}
	}
	return false
}
