package retryscope

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A recursive retry calls itself again "at once" only when nothing of the
// package runs on the way from the failure to the self-call and nothing is
// written into a structure there: a method that renews a token, reconnects or
// loosens the request, or a field set from the error (input.SequenceToken =
// e.ExpectedSequenceToken), may change what the next call sends
// (r.renew(ctx, seen); return r.exists(ctx, u)), and the engine does not
// follow what it changes. Calls of other packages on the way (a response
// body's Close, a log line, fmt.Errorf) and a counter stepped in a variable
// (left--) change nothing the attempt reads. The self-call itself must pass
// its values as they are, or a count stepped by a constant (left-1): an
// argument computed by a call (path.Dir(p)) may be the next target of a
// search.

// RecursesStraight reports whether the region is a recursive retry whose way
// from the failure to its self-call calls no function of the package and
// writes no field or element (see above).
func (r *Region) RecursesStraight() bool { return r.straight }

// recursesStraight decides RecursesStraight for the check c and the blocks
// holding its self-calls.
func (f *flow) recursesStraight(c *outcomeCheck, target map[*cfg.Block]bool, self []*ast.CallExpr) bool {
	if !slices.ContainsFunc(self, plainArgs) {
		return false
	}
	straight := true
	searchBlocks([]*cfg.Block{c.failure()}, nil, func(b *cfg.Block) blockStep {
		if !reaches(b, target) {
			return skip
		}
		if slices.ContainsFunc(b.Nodes, func(n ast.Node) bool { return f.callsOwn(n, self) || writesInto(n) }) {
			straight = false
			return stopHere
		}
		if target[b] {
			return skip
		}
		return follow
	})
	return straight
}

// callsOwn reports whether n calls a function of the package other than the
// self-calls.
func (f *flow) callsOwn(n ast.Node, self []*ast.CallExpr) bool {
	found := false
	code.Inspect(n, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if ok && !slices.Contains(self, call) {
			fn := code.Callee(f.info, call)
			found = fn != nil && f.res.funcs.byObj[fn.Origin()] != nil
		}
		return !found
	})
	return found
}

// writesInto reports whether the statement n assigns a field, an element or
// through a pointer.
func writesInto(n ast.Node) bool {
	var lhs []ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		lhs = n.Lhs
	case *ast.IncDecStmt:
		lhs = []ast.Expr{n.X}
	}
	return slices.ContainsFunc(lhs, func(e ast.Expr) bool {
		switch ast.Unparen(e).(type) {
		case *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
			return true
		}
		return false
	})
}

// plainArgs reports whether every argument of call is a name, a constant, a
// selector of a name, or a name stepped by a constant (left-1).
func plainArgs(call *ast.CallExpr) bool {
	return !slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
		switch a := ast.Unparen(a).(type) {
		case *ast.Ident, *ast.BasicLit:
			return false
		case *ast.SelectorExpr:
			_, isName := ast.Unparen(a.X).(*ast.Ident)
			return !isName
		case *ast.BinaryExpr:
			_, isName := ast.Unparen(a.X).(*ast.Ident)
			_, isConst := ast.Unparen(a.Y).(*ast.BasicLit)
			return !isName || !isConst || (a.Op != token.SUB && a.Op != token.ADD)
		}
		return true
	})
}
