package retryscope

import "go/types"

// outputs returns the text results of the check's attempts (out, err :=
// cmd.CombinedOutput(); body, err := fetch()): what the attempt wrote next
// to its error. A test on it on the failure path is a test on the failure's
// text, like one on err.Error(), and counts only when it decides the way.
func (f *flow) outputs(l *loop, c *outcomeCheck) []types.Object {
	var out []types.Object
	for _, o := range f.attemptResults(l, c) {
		if isText(o.Type()) {
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
