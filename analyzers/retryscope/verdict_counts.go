package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// endless is Region.Endless; a call of a wrapper of the analysed code must
// also have every other func argument (the verdict) count nothing, as the
// wrapper's own "no limit" does not see it: a literal that steps no variable from outside it
// (n++, n += 1) and reads no clock (time.Now, time.Since, time.Until). A verdict
// out of reach (a value, a call's result) may count: not endless.
func (res *Result) endless(r *Region) bool {
	if !r.Endless() {
		return false
	}
	if r.Kind != CallbackRegion || r.Helper.Wrapper == nil {
		return true // a library helper's settings say it all
	}
	for _, a := range r.Helper.Call.Args {
		if a == r.Helper.Callback {
			continue
		}
		t := code.Underlying(res.info, a)
		if t == nil {
			return false // untyped (broken code): out of reach, may count
		}
		if _, isFunc := t.(*types.Signature); !isFunc {
			continue
		}
		lit, ok := ast.Unparen(a).(*ast.FuncLit)
		if !ok || counts(res.info, lit) {
			return false
		}
	}
	return true
}

// counts reports whether a verdict literal keeps a count or reads the clock.
func counts(info *types.Info, lit *ast.FuncLit) bool {
	outside := func(e ast.Expr) bool {
		v := code.Root(info, e, code.ThroughIndex|code.PkgVars)
		return v != nil && (v.Pos() < lit.Pos() || v.Pos() >= lit.End())
	}
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			found = found || outside(n.X)
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					found = found || outside(l)
				}
			}
		case *ast.CallExpr:
			if fn := code.Callee(info, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
				switch fn.Name() {
				case "Now", "Since", "Until":
					found = true
				}
			}
		}
		return !found
	})
	return found
}
