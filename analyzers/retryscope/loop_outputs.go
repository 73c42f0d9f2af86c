package retryscope

import (
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// outputs returns the text results of the check's attempts (out, err :=
// cmd.CombinedOutput(); body, err := fetch()): what the attempt wrote next
// to its error. A test on it on the failure path is a test on the failure's
// text, like one on err.Error(), and counts only when it decides the way.
//
// A status the attempt hands back beside its error is read the same way
// (status, err = s.send(ctx, buf); if status/100 != 5 { break }): a client
// helper that returns the HTTP status as a plain int, as remote-write
// clients do. Only an integer named for a status or a code counts: an int
// beside an error is more often a count (n, err := w.Write(p)).
func (f *flow) outputs(l *loop, c *outcomeCheck) []types.Object {
	var out []types.Object
	for _, o := range f.attemptResults(l, c) {
		if isText(o.Type()) || isStatusInt(o) {
			out = append(out, o)
		}
	}
	return out
}

// isText reports whether t is a string or a byte slice.
func isText(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// isStatusInt reports whether o is an integer named for a status or a code
// (status, statusCode, httpCode, code).
func isStatusInt(o types.Object) bool {
	name := o.Name()
	return code.IsInteger(o.Type()) && (code.NameSays(name, "status") || name == "code" || strings.HasSuffix(name, "Code"))
}
