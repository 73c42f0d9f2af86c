package code

import (
	"go/types"
	"strings"
)

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

// DisplayName names a function as its package's users write it, for
// messages: http.Get, retry.Do, oauth2.Config.Exchange.
func DisplayName(fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		if n := NamedOf(recv.Type()); n != nil {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// ShortName names a function by its package and its own name, without the
// receiver's type, as retry helpers are spoken of: retry.Do, repeater.Do
// for (*repeater.Repeater).Do.
func ShortName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}
