// Package retrystate defines an Analyzer that reports an attempt of a retry
// that adds to state kept outside the attempt before it can still fail.
//
// # An attempt that leaves something behind
//
// A retry loop's body or a retry callback appends to a slice, adds to a map,
// sends on a channel or adds to a total that lives outside the attempt, and a
// call that can fail and send the retry round comes after the write. The
// failed attempt's part stays; the next attempt adds it again: duplicate rows
// in a batch, values sent twice, double-counted totals. Retries that stay in
// the process count too: a duplicate row is wrong wherever the failure came
// from.
//
// Not reported: a write after the attempt's last failure point; state reset
// in the attempt (out = out[:0], m = map[K]V{}, clear(m), total = 0); results
// assigned rather than accumulated (resp, err = ...); variables declared in
// the attempt; records of the attempt rather than of its results (a counter
// the retry's bound reads; a write once per attempt of values made without
// anything the attempt declared: n++, an event announcing the attempt);
// state nothing reads but its own writes; a map entry set (m[k] = v: the next
// attempt overwrites it); a recursive retry; a failover loop (each attempt
// goes to another target); writes inside a function literal of the attempt,
// which may run later or never.
package retrystate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const doc = `report retry attempts that add to outer state before they can still fail

An attempt that appends, adds to a map, sends on a channel or adds to a total
declared outside the retry, and then fails, leaves its part behind; the next
attempt adds it again.`

// Analyzer reports outer state that a failed attempt leaves behind.
var Analyzer = lint.New("retrystate", doc, run)

func run(p *lint.Pass) error {
	seen := map[token.Pos]bool{}
	for _, r := range p.Scope.Regions {
		if r.Body == nil || r.Failover || r.Kind == retryscope.RecursionRegion {
			continue // a failover's attempts go to other targets; a recursion's state travels in its arguments
		}
		c := &checker{p: p, r: r}
		c.attemptPos, c.attemptEnd = c.attempt()
		code.TreeOf(p.TypesInfo).WalkStack(r.Body, writeKinds, func(n ast.Node, stack func() []ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit {
				return false
			}
			if seen[n.Pos()] {
				return true
			}
			if w := c.accumulation(n.(ast.Stmt)); w != nil && c.leftBehind(w, stack()) {
				seen[n.Pos()] = true
				p.Reportf(n, "%s", c.message(w))
			}
			return true
		})
	}
	return nil
}

var (
	writeStmts = []ast.Node{(*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.SendStmt)(nil)}
	writeKinds = append(writeStmts[:len(writeStmts):len(writeStmts)], (*ast.FuncLit)(nil)) // to skip function literals
)

type checker struct {
	p                      *lint.Pass
	r                      *retryscope.Region
	attemptPos, attemptEnd token.Pos
}

// attempt returns the range of code that is new on each attempt: the loop's
// body, or the callback with its parameters.
func (c *checker) attempt() (token.Pos, token.Pos) {
	if c.r.Kind == retryscope.CallbackRegion {
		if pos, end, ok := c.p.Scope.Span(c.r); ok {
			return pos, end
		}
	}
	return c.r.Body.Pos(), c.r.Body.End()
}

// leftBehind reports whether the write w, at the top of stack, adds to outer
// state that a failure after it in the same attempt leaves behind.
func (c *checker) leftBehind(w *write, stack []ast.Node) bool {
	if c.declaredInAttempt(w.root) || c.resetInAttempt(w) || c.recordsAttempt(w, stack) || !c.readElsewhere(w) {
		return false
	}
	w.failure = c.p.Scope.FailureAfter(c.r, stack)
	return w.failure != nil
}

func (c *checker) declaredInAttempt(v *types.Var) bool {
	return c.attemptPos <= v.Pos() && v.Pos() < c.attemptEnd
}

func (c *checker) message(w *write) string {
	at := fmt.Sprintf("%s (line %d)", types.ExprString(w.failure.Fun), c.p.Fset.Position(w.failure.Pos()).Line)
	t := w.target
	switch w.kind {
	case appendTo:
		return "append to " + t + " (declared outside the retry) before the attempt can still fail at " + at +
			"; a failed attempt's " + t + " stay and the next attempt adds them again: reset " + t +
			" at the start of each attempt or collect into a local and assign after success"
	case addToMap:
		return "add to map " + t + " (declared outside the retry) before the attempt can still fail at " + at +
			"; a failed attempt's entries stay and the next attempt adds them again: reset " + t +
			" at the start of each attempt or collect into a local and merge after success"
	case sendOn:
		return "send on " + t + " (declared outside the retry) before the attempt can still fail at " + at +
			"; a failed attempt's values are already sent and the next attempt sends them again: collect into a local and send after success"
	}
	return "add to " + t + " (declared outside the retry) before the attempt can still fail at " + at +
		"; a failed attempt's count stays and the next attempt adds it again: reset " + t +
		" at the start of each attempt or count into a local and add after success"
}
