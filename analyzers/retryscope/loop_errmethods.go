package retryscope

import (
	"go/ast"
	"go/types"
	"regexp"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A failure's kind is also asked of the error itself, through a method of an
// interface it is asserted to: `if ne, ok := err.(net.Error); ok &&
// ne.Temporary()`, `var ne net.Error; errors.As(err, &ne) && ne.Timeout()`.
// Such a condition is a kind test of err as isTemporary(err) is (kindTest):
// true for one failure only, and a classification of it. The ok of the
// assertion, and an errors.As that fills the receiver, only say the error has
// that method: joined by && with the method's answer, the whole is the same
// kind test.
//
// The temporary class: a net.Error's Temporary() or Timeout() (a descriptor
// limit, a deadline), errors.Is(err, os.ErrDeadlineExceeded), a predicate of
// the package whose body tests one, and a function out of reach named for
// the class (IsTemporary, ErrIsTemporary, isTimeout). A closed source's error
// (net.ErrClosed) is none of them: a loop that goes round only on this class
// leaves once its source is closed (loop_closestop.go).

// maxBehindDepth bounds the walk back from an asserted value to its error.
const maxBehindDepth = 3

// errorMethodTest returns the error a condition asks through a boolean
// method without arguments of a value asserted or filled from it
// (ne.Temporary()), or nil.
func errorMethodTest(info *types.Info, call *ast.CallExpr) ast.Expr {
	if len(call.Args) != 0 || !returnsBool(info, call) {
		return nil
	}
	recv, ok := code.MethodRecv(info, call)
	if !ok || !errorValue(info, recv, 2) {
		return nil
	}
	return errorBehind(info, recv, maxBehindDepth)
}

// errorBehind returns the error expression an error value is read from: the
// error of an assertion (err of err.(net.Error)), followed through a local
// given only such assertions or filled only by errors.As; the value itself
// when it is an error variable given anything else; nil otherwise.
func errorBehind(info *types.Info, e ast.Expr, depth int) ast.Expr {
	switch e := ast.Unparen(e).(type) {
	case *ast.TypeAssertExpr:
		return errorBehind(info, e.X, depth)
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.IsField() || depth == 0 {
			return nil
		}
		from := assertedFrom(info, v)
		if len(from) == 0 {
			if isErrorType(v.Type()) {
				return e
			}
			return nil
		}
		first := errorBehind(info, from[0], depth-1)
		for _, f := range from[1:] {
			if b := errorBehind(info, f, depth-1); b == nil || first == nil || info.Uses[identOf(b)] != info.Uses[identOf(first)] {
				return nil
			}
		}
		return first
	}
	return nil
}

// assertedFrom returns what a local is read from when every value it is
// given is an assertion (the asserted errors), or errors.As fills it (the
// errors it is filled from); nil otherwise.
func assertedFrom(info *types.Info, v *types.Var) []ast.Expr {
	vals := code.Values(info, v, func(d code.Def) bool { return d.Replaces() })
	if len(vals) == 0 {
		return asSources(info, v)
	}
	var out []ast.Expr
	for _, val := range vals {
		ta, ok := ast.Unparen(val).(*ast.TypeAssertExpr)
		if !ok {
			return nil
		}
		out = append(out, ta.X)
	}
	return out
}

// assertionOK returns the error a boolean local says was asserted (ok of
// ne, ok := err.(net.Error)), or nil.
func assertionOK(info *types.Info, e ast.Expr) ast.Expr {
	id := identOf(e)
	if id == nil {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || !code.IsBoolean(v.Type()) {
		return nil
	}
	return errorBehind(info, id, maxBehindDepth)
}

// joinedKindTest: operands joined by && that each test the same error's kind
// (errors.As(err, &ne) && ne.Timeout()), or say its assertion held (ok &&
// ne.Temporary()), are a kind test of that error.
func joinedKindTest(info *types.Info, bin *ast.BinaryExpr) (ast.Expr, bool) {
	var tested ast.Expr
	var errVar types.Object
	for _, operand := range []ast.Expr{bin.X, bin.Y} {
		t := assertionOK(info, operand)
		isOK := t != nil
		if !isOK {
			var fail, ok bool
			if t, fail, ok = kindTest(info, operand); !ok || !fail {
				return nil, false
			}
			tested = t
		}
		v := code.Root(info, t, 0)
		if v == nil || errVar != nil && v != errVar {
			return nil, false
		}
		errVar = v
	}
	return tested, tested != nil
}

// transientName names a function that asks whether an error is temporary or
// a timeout.
var transientName = regexp.MustCompile(`^(?i:(err_?)?is_?(temporary|temp|timeout)(_?err(or)?)?)$`)

// transientTest reports whether a call lets through only temporary or timeout
// failures of one of vars: a Temporary() or Timeout() method of the error, or
// a function out of reach named for the class, handed it (a predicate of
// the package is read instead: predicateClass).
func (f *flow) transientTest(call *ast.CallExpr, vars []types.Object) bool {
	fn := code.Callee(f.info, call)
	if fn == nil || !returnsBool(f.info, call) {
		return false
	}
	if name := fn.Name(); name == "Temporary" || name == "Timeout" {
		err := errorMethodTest(f.info, call)
		return err != nil && mentions(f.info, err, vars)
	}
	if node := f.res.funcs.byObj[fn]; node != nil && node.body != nil || !transientName.MatchString(fn.Name()) {
		return false
	}
	for _, a := range call.Args {
		if mentions(f.info, a, vars) {
			return true
		}
	}
	return false
}

// transientOnly reports whether the class holds temporary or timeout
// failures only.
func (c errorClass) transientOnly() bool {
	if c.transient {
		return true
	}
	s := c.sentinel
	return s != nil && s.Pkg() != nil && s.Pkg().Path() == "os" && s.Name() == "ErrDeadlineExceeded"
}
