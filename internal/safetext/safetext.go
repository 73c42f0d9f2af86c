// Package safetext makes text chosen by the author of analysed code (string
// literals, identifiers, file names) safe to print on one line of a terminal,
// a CI log or a report: nothing in it can start a new line (a GitHub Actions
// workflow command starts at a line's beginning), move the cursor or colour
// the terminal (ESC sequences), or reorder or hide what a reader sees
// (bidirectional overrides, zero-width characters).
package safetext

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxCode is how many characters of a piece of code a message quotes.
const MaxCode = 200

// Line escapes every character that is not plain visible text: line breaks
// and tabs as \n \r \t, other control characters (C0, DEL, C1), format
// characters (bidi controls, zero-width characters: Unicode category Cf),
// line and paragraph separators and invalid UTF-8 as \uXXXX or \xXX. Text
// without such characters is returned unchanged. A backslash is left alone:
// the result is for reading, not for decoding.
func Line(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case unsafe(r):
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
		i += n
	}
	return b.String()
}

// Code is Line for a piece of code quoted in a message, cut to max
// characters (MaxCode when max <= 0) with "…" marking the cut.
func Code(s string, max int) string {
	if max <= 0 {
		max = MaxCode
	}
	s = Line(s)
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	n := 0
	for i := range s {
		if n == max-1 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

func clean(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || r == '\t' || unsafe(r) {
			return false
		}
	}
	return true
}

// unsafe reports the characters Line escapes (besides invalid UTF-8).
func unsafe(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) ||
		unicode.In(r, unicode.Zl, unicode.Zp)
}

// absPath matches an absolute path in a message, after the start or a space,
// quote, bracket or '='.
var absPath = regexp.MustCompile(`(^|[\s'"(=\[])(/[^\s:'"(),\]]+)`)

// Paths rewrites the absolute paths in a message: rel makes one relative
// (ok false when it lies outside the tree the reader knows); any other (the
// build cache, the module cache, a temporary directory of the machine) is cut
// to ".../" and its last element. Reports are read where the machine's
// layout is nobody's business.
func Paths(msg string, rel func(abs string) (string, bool)) string {
	return absPath.ReplaceAllStringFunc(msg, func(m string) string {
		sub := absPath.FindStringSubmatch(m)
		lead, p := sub[1], sub[2]
		if r, ok := rel(p); ok {
			return lead + r
		}
		return lead + ".../" + filepath.Base(p)
	})
}
