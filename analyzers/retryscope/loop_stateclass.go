package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry classified by the state of what failed.
//
//	for {
//		c := pool.best()
//		s, err := c.Open(ctx)
//		if err != nil {
//			if c.IsClosed() {
//				continue // a stale connection: take another
//			}
//			return nil, err
//		}
//		return s, nil
//	}
//
// A failure way that asks the value the attempt used (its receiver or an
// argument, or a field of one) whether it is still alive, and goes round
// only on one answer while the other leaves, tells one cause of failure
// apart from every other as surely as errors.Is would: it retries the
// failures of a dead resource, not every error. The question must be about
// the resource's life: a bool method without arguments or a bool field whose
// name (after an Is) starts with closed, dead, broken, expired, stale, alive,
// healthy, connected or disconnected. A flag of anything else (retries
// enabled, keep-alive, a mode) is configuration, the same for every error;
// going round on it, or on a test whose both sides may go round, retries
// every error.

// lifeWords are the words a name of a resource's life state starts with.
var lifeWords = []string{"closed", "dead", "broken", "expired", "stale", "alive", "healthy", "connected", "disconnected"}

// attemptStateTest returns the condition of block b when it asks the life
// state of a value c's attempts used, and one side can go round while the
// other cannot; else nil.
func (f *flow) attemptStateTest(l *loop, c *outcomeCheck, b *cfg.Block) ast.Node {
	cond := condOf(b)
	if cond == nil || len(b.Succs) != 2 || !f.asksLife(cond, f.attemptValues(c)) {
		return nil
	}
	round0, _ := f.outcomes(l, b.Succs[0])
	round1, _ := f.outcomes(l, b.Succs[1])
	if round0 == round1 {
		return nil
	}
	return cond
}

// attemptValues returns the variables c's attempts are made on or handed,
// contexts aside.
func (f *flow) attemptValues(c *outcomeCheck) map[*types.Var]bool {
	out := make(map[*types.Var]bool)
	for _, call := range c.attempts {
		if v, ok := code.MethodRoot(f.info, call, 0); ok {
			out[v] = true
		}
		for _, a := range call.Args {
			if t := f.info.TypeOf(a); t != nil && IsContext(t) {
				continue
			}
			if v, ok := code.Root(f.info, a, 0).(*types.Var); ok {
				out[v] = true
			}
		}
	}
	return out
}

// asksLife reports whether cond, negated or not, is a bool method call
// without arguments or a bool field, named for a life state, on one of
// values.
func (f *flow) asksLife(cond ast.Expr, values map[*types.Var]bool) bool {
	e := ast.Unparen(cond)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		e = ast.Unparen(u.X)
	}
	if t := f.info.TypeOf(e); t == nil || !code.IsBoolean(t) {
		return false
	}
	var sel *ast.SelectorExpr
	switch x := e.(type) {
	case *ast.CallExpr:
		if len(x.Args) != 0 {
			return false
		}
		sel, _ = ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if sel == nil || f.info.Selections[sel] == nil || f.info.Selections[sel].Kind() != types.MethodVal {
			return false
		}
	case *ast.SelectorExpr:
		if s := f.info.Selections[x]; s == nil || s.Kind() != types.FieldVal {
			return false
		}
		sel = x
	default:
		return false
	}
	root, ok := code.Root(f.info, sel.X, 0).(*types.Var)
	return ok && values[root] && lifeName(sel.Sel.Name)
}

// lifeName reports whether a name, after an Is, starts with a life word:
// IsClosed, closed, Expired, but not KeepAlive (a setting).
func lifeName(name string) bool {
	n := strings.ToLower(strings.TrimPrefix(strings.TrimPrefix(name, "Is"), "is"))
	for _, w := range lifeWords {
		if strings.HasPrefix(n, w) {
			return true
		}
	}
	return false
}
