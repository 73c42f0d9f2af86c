package retryafter

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A Retry-After header honours the server only when its value becomes a wait.
// Reading it to learn whether it is there (Get(...) != "") and going round at
// once comes back sooner than asked, like not reading it at all. Any other use
// of the value (parsed, passed on, logged, stored) is taken as honouring it:
// where it goes is not followed.

// headerGets are the getters whose result is the header's value.
var headerGets = map[string]bool{
	"(net/http.Header).Get":          true,
	"(net/textproto.MIMEHeader).Get": true,
}

// readsPresenceOnly reports whether fn reads Retry-After, and only to test
// whether it is present: every mention is Get("Retry-After") compared with "",
// directly or through a local variable used only in such comparisons, and no
// function of the package it calls reads the header.
func readsPresenceOnly(p *lint.Pass, fn ast.Node) bool {
	tree := code.TreeOf(p.TypesInfo)
	found, only := false, true
	tree.Inspect(fn, mentionKinds, func(n ast.Node) bool {
		if !only {
			return false
		}
		switch x := n.(type) {
		case *ast.BasicLit, *ast.Ident, *ast.SelectorExpr:
			if isRetryAfter(p.TypesInfo, x.(ast.Expr)) {
				found = true
				only = presenceTest(p, fn, x)
				return false
			}
		case *ast.CallExpr:
			if d := p.Scope.FuncDecl(code.Callee(p.TypesInfo, x)); d != nil && d != fn {
				only = !readsRetryAfter(p, d, map[ast.Node]bool{fn: true})
			}
		}
		return true
	})
	return found && only
}

// presenceTest reports whether the mention of the header name is the argument
// of a header Get whose value is only compared with "".
func presenceTest(p *lint.Pass, fn, name ast.Node) bool {
	up := code.TreeOf(p.TypesInfo).Enclosing(name)
	if len(up) < 3 {
		return false
	}
	call, ok := up[1].(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || call.Args[0] != name {
		return false
	}
	if fn := code.Callee(p.TypesInfo, call); fn == nil || !headerGets[fn.FullName()] {
		return false
	}
	switch use := up[2].(type) {
	case *ast.BinaryExpr:
		return comparedWithEmpty(p.TypesInfo, use, call)
	case *ast.AssignStmt:
		if len(use.Lhs) == 1 && len(use.Rhs) == 1 && use.Rhs[0] == call {
			return onlyComparedWithEmpty(p, fn, use.Lhs[0])
		}
	case *ast.ValueSpec:
		if len(use.Names) == 1 && len(use.Values) == 1 && use.Values[0] == call {
			return onlyComparedWithEmpty(p, fn, use.Names[0])
		}
	}
	return false
}

// onlyComparedWithEmpty reports whether the local variable lhs is used in fn
// only in comparisons with "".
func onlyComparedWithEmpty(p *lint.Pass, fn ast.Node, lhs ast.Expr) bool {
	id, ok := lhs.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := p.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	tree := code.TreeOf(p.TypesInfo)
	only := true
	tree.Inspect(fn, identKinds, func(n ast.Node) bool {
		u := n.(*ast.Ident)
		if only && u != id && p.TypesInfo.ObjectOf(u) == v {
			var bin *ast.BinaryExpr
			if up := tree.Enclosing(u); len(up) > 1 {
				bin, _ = up[1].(*ast.BinaryExpr)
			}
			only = bin != nil && comparedWithEmpty(p.TypesInfo, bin, u)
		}
		return only
	})
	return only
}

var identKinds = []ast.Node{(*ast.Ident)(nil)}

// comparedWithEmpty reports whether bin is e == "" or e != "" (either order).
func comparedWithEmpty(info *types.Info, bin *ast.BinaryExpr, e ast.Expr) bool {
	if bin.Op != token.EQL && bin.Op != token.NEQ {
		return false
	}
	other := bin.Y
	if bin.Y == e {
		other = bin.X
	} else if bin.X != e {
		return false
	}
	s, ok := code.String(info, other)
	return ok && s == ""
}

// roundWithoutWait returns a continue in the branch that starts the next
// attempt with no wait before it: none earlier in the branch or the loop body
// on every way to it, none in the loop's header. nil when every way back waits.
func roundWithoutWait(p *lint.Pass, r *retryscope.Region, b *branch) ast.Node {
	var back ast.Node
	code.TreeOf(p.TypesInfo).WalkStack(b.node, continueKinds, func(n ast.Node, stack func() []ast.Node) bool {
		if back != nil {
			return false
		}
		s := n.(*ast.BranchStmt)
		full := append(append([]ast.Node{}, b.stack...), stack()[1:]...)
		if p.Scope.GoesBack(r, s, full) && !waitsBefore(p, r, s) {
			back = s
		}
		return true
	})
	return back
}

var continueKinds = []ast.Node{(*ast.BranchStmt)(nil)}

// waitsBefore reports whether a wait of the region may run before exit on
// its way back: a wait in the loop's header, one before the first attempt
// (if attempt > 0 { sleep } runs before every next attempt), or one between
// the attempt and exit that is not in a branch exit is outside of (an if's
// body or else, a case).
func waitsBefore(p *lint.Pass, r *retryscope.Region, exit ast.Node) bool {
	first := exit.Pos()
	for _, a := range r.Attempts {
		first = min(first, a.Pos())
	}
	for _, w := range r.Waits {
		at := w.At
		switch {
		case at == nil, at.Pos() < r.Body.Pos(), at.Pos() >= r.Body.End(), at.Pos() < first:
			return true
		case at.Pos() < exit.Pos() && !aside(p, at, exit):
			return true
		}
	}
	return false
}

// aside reports whether n lies in a branch (an if's body or else, a case
// clause) that does not hold exit: a way to exit passes it by.
func aside(p *lint.Pass, n, exit ast.Node) bool {
	up := code.TreeOf(p.TypesInfo).Enclosing(n)
	for i := 0; i+1 < len(up); i++ {
		child, parent := up[i], up[i+1]
		if child.Pos() <= exit.Pos() && exit.End() <= child.End() {
			return false
		}
		if ifs, ok := parent.(*ast.IfStmt); ok && (child == ifs.Body || child == ifs.Else) {
			return true
		}
		if _, ok := child.(*ast.CaseClause); ok {
			return true
		}
	}
	return false
}
