package retrystate

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// writeKind says how a statement adds to state.
type writeKind int

const (
	addToTotal writeKind = iota // total += n, n++
	appendTo                    // rows = append(rows, r)
	addToMap                    // m[k] += n, m[k]++, m[k] = append(m[k], v)
	sendOn                      // ch <- v
)

// write is a statement that adds to state rather than replacing it.
type write struct {
	kind    writeKind
	expr    ast.Expr // what grows: rows, b.rows, m, ch, total
	target  string   // expr as written
	root    *types.Var
	values  []ast.Expr    // what is added: elements, the value sent, the step, a map's key
	failure *ast.CallExpr // the attempt call that can fail after it
}

// accumulation returns the write s makes, or nil when s replaces a value
// (resp, err = ...), sets a map entry or is no write at all.
func (c *checker) accumulation(s ast.Stmt) *write {
	info := c.p.TypesInfo
	switch s := s.(type) {
	case *ast.IncDecStmt:
		if s.Tok != token.INC {
			return nil
		}
		if m := mapOf(info, s.X); m != nil {
			return c.newWrite(addToMap, m, mapKey(s.X))
		}
		return c.total(s.X)
	case *ast.SendStmt:
		if ch, ok := code.Underlying(info, s.Chan).(*types.Chan); !ok || isSignal(ch.Elem()) {
			return nil
		}
		return c.newWrite(sendOn, s.Chan, s.Value)
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return nil
		}
		return c.assignment(s.Tok, s.Lhs[0], s.Rhs[0])
	}
	return nil
}

func (c *checker) assignment(tok token.Token, lhs, rhs ast.Expr) *write {
	info := c.p.TypesInfo
	switch tok {
	case token.ADD_ASSIGN:
		if m := mapOf(info, lhs); m != nil {
			return c.newWrite(addToMap, m, mapKey(lhs), rhs)
		}
		return c.total(lhs, rhs)
	case token.ASSIGN:
		if elems := appended(info, rhs, lhs); elems != nil {
			if m := mapOf(info, lhs); m != nil {
				return c.newWrite(addToMap, m, append(elems, mapKey(lhs))...)
			}
			return c.newWrite(appendTo, lhs, elems...)
		}
		if b, ok := ast.Unparen(rhs).(*ast.BinaryExpr); ok && b.Op == token.ADD && same(info, b.X, lhs) {
			return c.total(lhs, b.Y)
		}
	}
	return nil
}

func (c *checker) newWrite(kind writeKind, e ast.Expr, values ...ast.Expr) *write {
	v, _ := code.Root(c.p.TypesInfo, e, code.ThroughIndex).(*types.Var)
	if v == nil {
		return nil
	}
	return &write{kind: kind, expr: e, target: types.ExprString(e), root: v, values: values}
}

// total returns the write of a number that grows (by step, if any). Only a
// local variable counts: totals in fields and package variables are
// statistics read elsewhere, out of sight.
func (c *checker) total(e ast.Expr, step ...ast.Expr) *write {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.p.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsNumeric == 0 {
		return nil
	}
	return c.newWrite(addToTotal, e, step...)
}

// mapOf returns m of m[k] when m is a map, or nil.
func mapOf(info *types.Info, e ast.Expr) ast.Expr {
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok {
		return nil
	}
	if _, isMap := code.Underlying(info, ix.X).(*types.Map); !isMap {
		return nil
	}
	return ix.X
}

// mapKey returns k of m[k].
func mapKey(e ast.Expr) ast.Expr { return ast.Unparen(e).(*ast.IndexExpr).Index }

// appended returns the elements when rhs is append(lhs, elems...) with at
// least one element, or nil.
func appended(info *types.Info, rhs, lhs ast.Expr) []ast.Expr {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return nil
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	if b, ok := info.Uses[id].(*types.Builtin); !ok || b.Name() != "append" || !same(info, call.Args[0], lhs) {
		return nil
	}
	return append([]ast.Expr(nil), call.Args[1:]...)
}

// same reports whether a and b are the same expression of the same variable.
func same(info *types.Info, a, b ast.Expr) bool {
	return types.ExprString(a) == types.ExprString(b) &&
		code.Root(info, a, code.ThroughIndex) == code.Root(info, b, code.ThroughIndex)
}

// isSignal reports whether a channel carries no value (chan struct{}): a send
// on it wakes someone up and leaves nothing to duplicate.
func isSignal(elem types.Type) bool {
	s, ok := elem.Underlying().(*types.Struct)
	return ok && s.NumFields() == 0
}

// resetInAttempt reports whether the attempt (or the loop's post statement)
// replaces what w grows: an assignment that is no accumulation to it or to
// what holds it (out = out[:0], m = map[K]V{}, total = 0, *b = batch{}), or
// clear(it). Anywhere in the attempt: a failure path that rolls back counts.
func (c *checker) resetInAttempt(w *write) bool {
	reset := false
	visit := func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			reset = reset || (s.Tok == token.ASSIGN && c.replaces(s, w))
		case *ast.CallExpr:
			reset = reset || c.clears(s, w)
		}
		return !reset
	}
	tree := code.TreeOf(c.p.TypesInfo)
	tree.Inspect(c.r.Body, resetKinds, visit)
	if post := c.loopPost(); post != nil && !reset {
		tree.Inspect(post, resetKinds, visit)
	}
	return reset
}

var resetKinds = []ast.Node{(*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)}

func (c *checker) replaces(s *ast.AssignStmt, w *write) bool {
	for i, lhs := range s.Lhs {
		if !holds(lhs, w.target) {
			continue
		}
		if rhs := code.PairedRHS(s.Lhs, s.Rhs, i); rhs == nil || c.assignment(token.ASSIGN, lhs, rhs) == nil {
			return true
		}
	}
	return false
}

// holds reports whether lhs is the target or what holds it (b of b.rows, and
// *b = batch{} for b.rows).
func holds(lhs ast.Expr, target string) bool {
	held := types.ExprString(lhs)
	if held == target || strings.HasPrefix(target, held+".") || strings.HasPrefix(target, held+"[") {
		return true
	}
	star, ok := lhs.(*ast.StarExpr)
	return ok && strings.HasPrefix(target, types.ExprString(star.X)+".")
}

func (c *checker) clears(call *ast.CallExpr, w *write) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) != 1 {
		return false
	}
	b, ok := c.p.TypesInfo.Uses[id].(*types.Builtin)
	return ok && b.Name() == "clear" && types.ExprString(call.Args[0]) == w.target
}

// loopPost is the post statement of a retry loop, run before each next attempt.
func (c *checker) loopPost() ast.Stmt {
	loop := c.r.Loop
	if l, ok := loop.(*ast.LabeledStmt); ok {
		loop = l.Stmt
	}
	if f, ok := loop.(*ast.ForStmt); ok {
		return f.Post
	}
	return nil
}
