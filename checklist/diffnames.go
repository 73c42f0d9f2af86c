package checklist

import (
	"fmt"
	"strconv"
	"strings"
)

// diffName turns a ---/+++ name into a path: /dev/null becomes "", the a/ or
// b/ prefix goes, a tab-separated timestamp (diff -u) goes.
func diffName(s string) (string, error) {
	if strings.HasPrefix(s, `"`) {
		// git puts a tab after names with spaces, quoted or not.
		if end := quotedEnd(s); end > 0 {
			s = s[:end]
		}
	} else {
		if i := strings.IndexByte(s, '\t'); i >= 0 {
			s = s[:i]
		}
		s = strings.TrimRight(s, " ")
	}
	n, err := unquote(s)
	if err != nil {
		return "", err
	}
	if n == "/dev/null" {
		return "", nil
	}
	return stripPrefix(n), nil
}

func stripPrefix(n string) string {
	if strings.HasPrefix(n, "a/") || strings.HasPrefix(n, "b/") {
		return n[2:]
	}
	return n
}

// unquote undoes git's C-style quoting of unusual file names.
func unquote(s string) (string, error) {
	if !strings.HasPrefix(s, `"`) {
		return s, nil
	}
	u, err := strconv.Unquote(s)
	if err != nil {
		return "", fmt.Errorf("bad quoted file name %s", s)
	}
	return u, nil
}

// splitGitNames splits `a/x b/y` (either side possibly quoted). When neither is
// quoted and the names contain spaces, the split that gives two equal names is
// taken (the common case: no rename), else the middle " b/".
func splitGitNames(s string) (old, nw string, ok bool) {
	if strings.HasPrefix(s, `"`) {
		end := quotedEnd(s)
		if end < 0 {
			return "", "", false
		}
		o, err := unquote(s[:end])
		if err != nil {
			return "", "", false
		}
		n, err := diffName(strings.TrimPrefix(s[end:], " "))
		return stripPrefix(o), n, err == nil
	}
	if n := len(s); n%2 == 1 && s[:n/2] != "" && strings.HasPrefix(s[n/2+1:], "b/") &&
		stripPrefix(s[:n/2]) == s[n/2+3:] {
		return stripPrefix(s[:n/2]), s[n/2+3:], true
	}
	i := strings.Index(s, " b/")
	if i < 0 {
		i = strings.LastIndex(s, ` "`)
	}
	if i < 0 {
		return "", "", false
	}
	n, err := diffName(s[i+1:])
	return stripPrefix(s[:i]), n, err == nil
}

// quotedEnd returns the index just past the closing quote of a quoted name.
func quotedEnd(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}
