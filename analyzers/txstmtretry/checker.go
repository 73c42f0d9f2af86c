package txstmtretry

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

type span struct{ pos, end token.Pos }

func (s span) holds(p token.Pos) bool { return s.pos <= p && p < s.end }

type checker struct {
	p        *lint.Pass
	info     *types.Info
	txParams map[*types.Var]bool
	txCalls  map[*ast.CallExpr]bool
	seen     map[token.Pos]bool
}

func newChecker(p *lint.Pass) *checker {
	c := &checker{p: p, info: p.TypesInfo,
		txParams: make(map[*types.Var]bool), txCalls: make(map[*ast.CallExpr]bool), seen: make(map[token.Pos]bool)}
	for _, tx := range p.Scope.TxCallbacks {
		c.txCalls[tx.Call] = true
		if tx.TxParam != nil {
			c.txParams[tx.TxParam] = true
		}
	}
	return c
}

// managesTx reports whether a region's helper runs the transaction itself
// (crdb.ExecuteInTx retries in place with a savepoint; a TxWrapper begins its
// own).
func (c *checker) managesTx(r *retryscope.Region) bool {
	return r.Helper != nil && (c.p.Knowledge.TxHelper(r.Helper.Func) != nil || c.txCalls[r.Helper.Call])
}

// region reports the first statement the region runs on an outer transaction
// (one finding per region: the fix is the same for all of them).
func (c *checker) region(r *retryscope.Region, s span) {
	if c.savepoints(r.Body) {
		return
	}
	done := false
	code.TreeOf(c.info).Inspect(r.Body, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if done || !ok || c.seen[call.Pos()] || !r.Repeats(call) {
			return !done
		}
		if h := retryscope.CommitHandle(c.info, call); h != nil {
			if b := retryscope.HandleBase(c.info, h); b != nil && c.outerTx(b, s) {
				c.reportCommit(r, call, b)
				done = true
			}
			return !done
		}
		if h := retryscope.StatementHandle(c.info, call); h != nil {
			if b := retryscope.HandleBase(c.info, h); b != nil && c.outerTx(b, s) {
				c.report(r, call, "statement on "+types.ExprString(b))
				done = true
			}
			return !done
		}
		if what := c.viaCall(call, s); what != "" {
			c.report(r, call, what)
			done = true
		}
		return !done
	})
}

func (c *checker) report(r *retryscope.Region, call *ast.CallExpr, what string) {
	c.seen[call.Pos()] = true
	c.p.Reportf(call, "%s is repeated by a %s, but the transaction was begun outside it: after a serialization failure or deadlock the transaction is aborted; retry the whole transaction from Begin to Commit",
		what, r.Kind)
}

// outerTx reports whether a handle expression is a transaction begun outside the
// span: a transaction by type, a transaction callback's parameter, or a value
// assigned from a Begin call outside; and not (re)assigned inside the span.
// reportCommit: a Commit retried on one transaction can never succeed.
func (c *checker) reportCommit(r *retryscope.Region, call *ast.CallExpr, tx ast.Expr) {
	c.seen[call.Pos()] = true
	c.p.Reportf(call, "%s.Commit is repeated by a %s, but the transaction was begun outside it: after the first Commit, failed or not, the transaction is done and every later Commit fails; retry the whole transaction from Begin to Commit",
		types.ExprString(tx), r.Kind)
}

func (c *checker) outerTx(e ast.Expr, s span) bool {
	obj := code.Assigned(c.info, e)
	if obj == nil || c.perAttemptRoot(e, s) {
		return false
	}
	begun := false
	for _, def := range code.DefsOf(c.info, obj) { // the package's def index
		d := def.Value
		if d == nil {
			continue
		}
		if s.holds(d.Pos()) {
			return false
		}
		if call, ok := ast.Unparen(d).(*ast.CallExpr); ok && retryscope.IsTxBegin(c.info, call) {
			begun = true
		}
	}
	if v, ok := obj.(*types.Var); ok && c.txParams[v] {
		return true
	}
	return begun || isTxValue(c.p.Pkg, c.info.TypeOf(e))
}

// perAttemptRoot reports whether the variable a handle is reached from (tx of
// tx, cn of cn.TX) is declared or given a new value inside the span: then each
// attempt holds the transaction it began itself, whatever began it (a Begin
// under another name, a library's connection value carrying the tx in a
// field). A root declared and set before the span (a parameter, a receiver, a
// local assigned before the loop) leaves the question to outerTx.
func (c *checker) perAttemptRoot(e ast.Expr, s span) bool {
	root, _ := code.Root(c.info, e, 0).(*types.Var)
	if root == nil || root.IsField() {
		return false
	}
	if s.holds(root.Pos()) {
		return true
	}
	for _, d := range code.DefsOf(c.info, root) {
		if d.ByName() && d.Replaces() && s.holds(d.Stmt.Pos()) {
			return true
		}
	}
	return false
}

// viaCall describes a call that hands the outer transaction on: to a function
// of this package that runs statements on it, or to a callback (a func value,
// such as a wrapper's parameter), which can only use it for statements. It
// returns "" for other calls.
func (c *checker) viaCall(call *ast.CallExpr, s span) string {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if v, ok := c.info.Uses[id].(*types.Var); ok {
			if _, isFunc := v.Type().Underlying().(*types.Signature); isFunc {
				for _, arg := range call.Args {
					if c.outerTx(arg, s) {
						return "the callback " + id.Name + " with " + types.ExprString(arg)
					}
				}
			}
			return ""
		}
	}
	fn := code.Callee(c.info, call)
	decl := c.p.Scope.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return ""
	}
	params := retryscope.Params(c.info, decl.Type)
	for i, arg := range call.Args {
		if i < len(params) && params[i] != nil && c.outerTx(arg, s) && c.runsOn(decl.Body, params[i]) {
			return fn.Name() + " running statements on " + types.ExprString(arg)
		}
	}
	return ""
}

func (c *checker) runsOn(body ast.Node, v *types.Var) bool {
	found := false
	code.TreeOf(c.info).Inspect(body, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if h := retryscope.StatementHandle(c.info, call); h != nil && code.Assigned(c.info, retryscope.HandleBase(c.info, h)) == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// savepoints reports whether the region rolls back to a savepoint between
// attempts, which makes a statement retry legitimate for errors that do not
// abort the whole transaction.
func (c *checker) savepoints(body ast.Node) bool {
	found := false
	code.TreeOf(c.info).Inspect(body, []ast.Node{(*ast.CallExpr)(nil), (*ast.BasicLit)(nil)}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "RollbackTo" {
				found = true
			}
		case *ast.BasicLit:
			if tv, ok := c.info.Types[n]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				found = found || strings.Contains(strings.ToUpper(constant.StringVal(tv.Value)), "ROLLBACK TO SAVEPOINT")
			}
		}
		return !found
	})
	return found
}
