// Package retryafter defines an Analyzer that reports a retry of a throttling
// answer (429 Too Many Requests, 503 Service Unavailable) that never reads the
// server's Retry-After header.
//
// # A throttling answer whose advice is ignored
//
// A server that answers 429 or 503 may say when to come back (RFC 9110,
// Retry-After). A retry that treats those codes as retryable but waits by its own
// schedule comes back sooner than asked, keeping the overload going and often
// earning another 429. Honour the header, with a cap.
//
// Not reported: a function (or a function of the package it calls) that reads
// Retry-After anywhere; status checks that leave the retry; checks through a
// predicate whose codes are unknown; library clients that honour the header
// themselves (go-retryablehttp's default backoff) — they are no retry region.
package retryafter

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"sync"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const doc = `report retries of 429/503 answers that ignore the Retry-After header

A retry region whose status check sends 429 or 503 back to another attempt but
never reads Retry-After waits by its own schedule instead of the server's.`

// Analyzer reports throttling answers retried without reading Retry-After.
var Analyzer = lint.New("retryafter", doc, run)

func run(p *lint.Pass) error {
	seen := map[token.Pos]bool{}
	for _, r := range p.Scope.Regions {
		if !r.Remote() || r.Body == nil || r.Func == nil || r.Kind == retryscope.RecursionRegion {
			continue
		}
		if r.Kind == retryscope.LoopRegion && len(r.Waits) == 0 {
			continue // no wait at all: fixedsleep's finding, not this one
		}
		// Asked only once a check throttles: they walk the function and its callees.
		// A callback's body may lie outside r.Func (a method value handed to the helper).
		readsHeader := sync.OnceValue(func() bool {
			visited := map[ast.Node]bool{}
			return readsRetryAfter(p, r.Func, visited) || readsRetryAfter(p, r.Body, visited)
		})
		presenceOnly := sync.OnceValue(func() bool { return readsPresenceOnly(p, r.Func) })
		code.TreeOf(p.TypesInfo).WalkStack(r.Body, branchKinds, func(n ast.Node, stack func() []ast.Node) bool {
			b := throttleBranch(p, n, stack)
			if b == nil || seen[b.at.Pos()] {
				return true
			}
			what := throttled(b.has)
			switch {
			case what == "":
			case !readsHeader():
				if len(b.body) > 0 && p.Scope.GoesBack(r, b.body[len(b.body)-1], b.stack) {
					seen[b.at.Pos()] = true
					p.Reportf(b.at, "%s retried without reading the Retry-After header: wait as long as the server asks (capped) before the next attempt, and fall back to the backoff when the header is missing", what)
				}
			case r.Kind == retryscope.LoopRegion && presenceOnly():
				if back := roundWithoutWait(p, r, b); back != nil {
					seen[b.at.Pos()] = true
					p.Reportf(b.at, "%s retried at once: the Retry-After header is only tested for presence and no wait comes before the next attempt (line %d); wait as long as its value asks (capped)", what, p.Fset.Position(back.Pos()).Line)
				}
			}
			return true
		})
	}
	return nil
}

// branch is the code a status check runs when it holds: an if statement's
// body or a case clause of a switch on the status code.
type branch struct {
	at    ast.Node // the check: the if's condition, the case's first value
	node  ast.Node // the if's body or the case clause
	body  []ast.Stmt
	stack []ast.Node // from the region's body down to node
	has   func(int64) bool
}

var branchKinds = []ast.Node{(*ast.IfStmt)(nil), (*ast.CaseClause)(nil)}

// throttleBranch returns the branch of a status check at n whose codes are
// known, or nil.
func throttleBranch(p *lint.Pass, n ast.Node, stack func() []ast.Node) *branch {
	switch n := n.(type) {
	case *ast.IfStmt:
		if _, has := retryscope.FailedCodes(p.TypesInfo, n.Cond); has != nil {
			return &branch{at: n.Cond, node: n.Body, body: n.Body.List, stack: append(stack(), n.Body), has: has}
		}
	case *ast.CaseClause:
		st := stack()
		if len(st) < 3 || len(n.List) == 0 {
			return nil
		}
		if sw, ok := st[len(st)-3].(*ast.SwitchStmt); ok {
			if _, has := retryscope.CaseCodes(p.TypesInfo, sw, n); has != nil {
				return &branch{at: n.List[0], node: n, body: n.Body, stack: st, has: has}
			}
		}
	}
	return nil
}

// throttled names the throttling codes among has, or returns "".
func throttled(has func(int64) bool) string {
	var names []string
	if has(429) {
		names = append(names, "429 Too Many Requests")
	}
	if has(503) {
		names = append(names, "503 Service Unavailable")
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0] + " is"
	}
	return strings.Join(names, " and ") + " are"
}

// readsRetryAfter reports whether fn, or a function of the package it calls
// (transitively), mentions the header name "Retry-After" (any case; a literal
// or a constant).
func readsRetryAfter(p *lint.Pass, fn ast.Node, visited map[ast.Node]bool) bool {
	if fn == nil || visited[fn] {
		return false
	}
	visited[fn] = true
	found := false
	code.TreeOf(p.TypesInfo).Inspect(fn, mentionKinds, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.BasicLit, *ast.Ident, *ast.SelectorExpr:
			found = isRetryAfter(p.TypesInfo, x.(ast.Expr))
		case *ast.CallExpr:
			if d := p.Scope.FuncDecl(code.Callee(p.TypesInfo, x)); d != nil {
				found = readsRetryAfter(p, d, visited)
			}
		}
		return !found
	})
	return found
}

// mentionKinds are the nodes that may name the header, and the calls to follow.
var mentionKinds = []ast.Node{(*ast.BasicLit)(nil), (*ast.Ident)(nil), (*ast.SelectorExpr)(nil), (*ast.CallExpr)(nil)}

func isRetryAfter(info *types.Info, e ast.Expr) bool {
	s, ok := code.String(info, e)
	return ok && strings.EqualFold(s, "Retry-After")
}
