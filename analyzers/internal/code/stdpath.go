package code

import "strings"

// IsStdPath reports whether an import path is the standard library's: Go
// reserves paths whose first element has no dot for it.
func IsStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
