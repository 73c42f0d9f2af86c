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
		// Asked only once a check throttles: it walks the function and its callees.
		readsHeader := sync.OnceValue(func() bool { return readsRetryAfter(p, r.Func, map[ast.Node]bool{}) })
		code.TreeOf(p.TypesInfo).WalkStack(r.Body, ifKinds, func(n ast.Node, stack func() []ast.Node) bool {
			if ifs := n.(*ast.IfStmt); !seen[ifs.Cond.Pos()] {
				if what := throttled(p, r, ifs, stack()); what != "" && !readsHeader() {
					seen[ifs.Cond.Pos()] = true
					p.Reportf(ifs.Cond, "%s retried without reading the Retry-After header: wait as long as the server asks (capped) before the next attempt, and fall back to the backoff when the header is missing", what)
				}
			}
			return true
		})
	}
	return nil
}

// throttled names the throttling codes a check sends back to the next attempt,
// or returns "".
func throttled(p *lint.Pass, r *retryscope.Region, ifs *ast.IfStmt, stack []ast.Node) string {
	if len(ifs.Body.List) == 0 || !p.Scope.GoesBack(r, ifs.Body.List[len(ifs.Body.List)-1], stack) {
		return ""
	}
	_, has := retryscope.FailedCodes(p.TypesInfo, ifs.Cond)
	if has == nil {
		return ""
	}
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

var ifKinds = []ast.Node{(*ast.IfStmt)(nil)}

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
