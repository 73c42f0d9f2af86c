package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry that goes round only when the local disk is full.
//
// A loop whose every way back to its next attempt passes a test that the
// error is "no space left on device" (ENOSPC) waits for this machine: a
// cleaner to free space, a file to be removed. Whatever else the attempt
// reaches, no other system is asked again because it failed, so nothing is
// overloaded and nobody else's clients line up behind it: the region is
// local (Region.Remote is false). The tests read: errors.Is(err,
// syscall.ENOSPC) and err == syscall.ENOSPC (or x/sys/unix's), the error's
// text compared with "no space left on device" (==, !=, strings.Contains),
// and a predicate whose name says it (IsErrNoSpace, isNoSpaceError) given the
// error.

// noSpaceText is the text of ENOSPC on every Unix.
const noSpaceText = "no space left on device"

// retriesOnlyNoSpace reports whether every way from the region's failure back
// to its next attempt passes a test that the error is ENOSPC.
func retriesOnlyNoSpace(r *Region) bool {
	return r.ways != nil && r.ways.passOnly(func(c errorClass) bool { return c.noSpace })
}

// noSpaceCall: errors.Is(err, syscall.ENOSPC), strings.Contains(err.Error(),
// "no space left"), or a predicate named for it, on the attempt's error.
func (f *flow) noSpaceCall(call *ast.CallExpr, vars []types.Object) *errorClass {
	fn := code.Callee(f.info, call)
	if fn == nil {
		return nil
	}
	found := false
	switch {
	case code.IsErrorsFunc(fn, "Is") && len(call.Args) == 2:
		found = isErrVar(f.info, call.Args[0], vars) && isENOSPC(f.info, call.Args[1])
	case fn.FullName() == "strings.Contains" && len(call.Args) == 2:
		s, ok := code.String(f.info, call.Args[1])
		found = ok && f.errorText(call.Args[0], vars) && strings.Contains(s, "no space") && strings.Contains(noSpaceText, s)
	case len(call.Args) == 1 && namesNoSpace(fn.Name()):
		found = isErrVar(f.info, call.Args[0], vars)
	}
	if !found {
		return nil
	}
	return &errorClass{noSpace: true}
}

// noSpaceCompare: err == syscall.ENOSPC, err.Error() == "no space left on
// device"; != lets it through when false.
func (f *flow) noSpaceCompare(b *ast.BinaryExpr, vars []types.Object) classTest {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return classTest{}
	}
	side := func(x, y ast.Expr) bool {
		if isErrVar(f.info, x, vars) {
			return isENOSPC(f.info, y)
		}
		s, ok := code.String(f.info, y)
		return ok && s == noSpaceText && f.errorText(x, vars)
	}
	if !side(b.X, b.Y) && !side(b.Y, b.X) {
		return classTest{}
	}
	c := leaf(&errorClass{noSpace: true})
	if b.Op == token.EQL {
		return classTest{onTrue: c}
	}
	return classTest{onFalse: c}
}

// errorText reports whether e is err.Error() on the attempt's error.
func (f *flow) errorText(e ast.Expr, vars []types.Object) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Error" && isErrVar(f.info, sel.X, vars)
}

// isENOSPC reports whether e is the ENOSPC constant of syscall or
// golang.org/x/sys/unix.
func isENOSPC(info *types.Info, e ast.Expr) bool {
	id := code.NameIdent(e)
	if id == nil || id.Name != "ENOSPC" {
		return false
	}
	obj := info.Uses[id]
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	p := obj.Pkg().Path()
	return p == "syscall" || p == "golang.org/x/sys/unix"
}

// namesNoSpace: IsErrNoSpace, isNoSpaceError, IsNoSpace.
func namesNoSpace(name string) bool {
	n := strings.ToLower(name)
	return strings.HasPrefix(n, "is") && strings.Contains(n, "nospace")
}
