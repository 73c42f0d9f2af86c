package txsideeffect

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// checker looks at the calls a transaction callback makes.
type checker struct {
	p    *lint.Pass
	info *types.Info
	seen map[token.Pos]bool
	// txLits are the literals run by another transaction helper: they are
	// checked as callbacks of their own.
	txLits map[*ast.FuncLit]bool
	// retryLits are the literals handed to a retry helper, which runs them at once.
	retryLits map[*ast.FuncLit]bool
}

func newChecker(p *lint.Pass) *checker {
	c := &checker{p: p, info: p.TypesInfo, seen: make(map[token.Pos]bool),
		txLits: make(map[*ast.FuncLit]bool), retryLits: make(map[*ast.FuncLit]bool)}
	for _, tx := range p.Scope.TxCallbacks {
		if lit, ok := ast.Unparen(tx.Callback).(*ast.FuncLit); ok {
			c.txLits[lit] = true
		}
	}
	for _, r := range p.Scope.Regions {
		if r.Helper == nil {
			continue
		}
		if lit, ok := ast.Unparen(r.Helper.Callback).(*ast.FuncLit); ok {
			c.retryLits[lit] = true
		}
	}
	return c
}

// callsIn returns the calls that run when body runs: those of the body and of the
// literals it invokes or hands to a retry helper, not those of literals it only
// stores or passes on (they may run after the commit) nor those of nested
// transaction callbacks (checked on their own).
func (c *checker) callsIn(body ast.Node) []*ast.CallExpr {
	var out []*ast.CallExpr
	invoked := make(map[*ast.FuncLit]bool)
	code.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return !c.txLits[n] && (invoked[n] || c.retryLits[n])
		case *ast.CallExpr:
			if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
				invoked[lit] = true
			}
			out = append(out, n)
		}
		return true
	})
	return out
}

func (c *checker) callback(tx *retryscope.TxCallback) {
	for _, call := range c.callsIn(tx.Body) {
		if !c.seen[call.Pos()] {
			c.check(tx, call)
		}
	}
}

// check reports one call of the callback.
func (c *checker) check(tx *retryscope.TxCallback, call *ast.CallExpr) {
	fn := code.Callee(c.info, call)
	if fn == nil {
		return
	}
	switch {
	case c.external(fn):
		c.report(call, "external call %s inside %s %s; %s", c.name(fn), where(c, tx), undone(tx), fixExternal)
	case tx.Retries && c.nondeterministic(tx.Body, call, fn, map[types.Object]bool{tx.TxParam: tx.TxParam != nil}):
		c.report(call, "%s inside %s gives each attempt a different value; %s", c.name(fn), where(c, tx), fixValue)
	case tx.Retries && tx.TxParam != nil && c.outerHandle(tx, call) != nil:
		h := c.outerHandle(tx, call)
		c.report(call, "statement through %s, not the transaction %s, inside %s runs outside the transaction and survives its rollback; run it on %s",
			handleName(h), tx.TxParam.Name(), where(c, tx), tx.TxParam.Name())
	default:
		c.follow(tx, call, fn)
	}
}

// follow looks one level into a function of this package that the callback calls.
func (c *checker) follow(tx *retryscope.TxCallback, call *ast.CallExpr, fn *types.Func) {
	decl := c.p.Scope.FuncDecl(fn)
	if decl == nil || decl.Body == nil || decl.Body == tx.Body {
		return
	}
	txs := c.txParams(tx, call, decl)
	for _, inner := range c.callsIn(decl.Body) {
		g := code.Callee(c.info, inner)
		if g == nil {
			continue
		}
		if c.external(g) {
			c.report(call, "%s makes an external call (%s) inside %s %s; %s", fn.Name(), c.name(g), where(c, tx), undone(tx), fixExternal)
			return
		}
		if tx.Retries && c.nondeterministic(decl.Body, inner, g, txs) {
			c.report(call, "%s calls %s inside %s, giving each attempt a different value; %s", fn.Name(), c.name(g), where(c, tx), fixValue)
			return
		}
	}
}

// txParams returns the parameters of decl that the call hands the callback's
// transaction.
func (c *checker) txParams(tx *retryscope.TxCallback, call *ast.CallExpr, decl *ast.FuncDecl) map[types.Object]bool {
	txs := make(map[types.Object]bool)
	var params []*ast.Ident
	for _, f := range decl.Type.Params.List {
		params = append(params, f.Names...)
	}
	for i, arg := range call.Args {
		id, isIdent := ast.Unparen(arg).(*ast.Ident)
		if isIdent && i < len(params) && tx.TxParam != nil && c.info.Uses[id] == tx.TxParam {
			if obj := c.info.Defs[params[i]]; obj != nil {
				txs[obj] = true
			}
		}
	}
	return txs
}

func (c *checker) report(n ast.Node, format string, args ...any) {
	c.seen[n.Pos()] = true
	c.p.Reportf(n, format, args...)
}

// external reports whether fn reaches another system: the knowledge base's
// external calls, and generated gRPC client stubs (methods whose last parameter
// is ...grpc.CallOption).
func (c *checker) external(fn *types.Func) bool {
	return c.p.Knowledge.IsExternal(fn) || isGRPCStub(fn)
}

func isGRPCStub(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !sig.Variadic() {
		return false
	}
	last, ok := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
	if !ok {
		return false
	}
	n, ok := types.Unalias(last.Elem()).(*types.Named)
	return ok && n.Obj().Name() == "CallOption" && n.Obj().Pkg() != nil &&
		n.Obj().Pkg().Path() == "google.golang.org/grpc"
}

// nondeterministic reports whether a call returns a fresh value per attempt
// (retryscope.Result.FreshFunc; the one level into functions of the package is
// follow's, which names the inner call) and that value matters (not a clock
// reading that only measures or sets a deadline).
func (c *checker) nondeterministic(body ast.Node, call *ast.CallExpr, fn *types.Func, txs map[types.Object]bool) bool {
	switch c.p.Scope.FreshFunc(fn) {
	case 0:
		return false
	case retryscope.FreshClock:
		return !c.clockOnly(body, call, txs)
	}
	return true
}

// outerHandle returns the database handle of a statement the callback runs
// through something other than its transaction: a handle whose root variable
// was declared outside the callback and is not the callback's tx parameter.
func (c *checker) outerHandle(tx *retryscope.TxCallback, call *ast.CallExpr) ast.Expr {
	h := retryscope.StatementHandle(c.info, call)
	if h == nil {
		return nil
	}
	v := code.Root(c.info, retryscope.HandleBase(c.info, h), code.ThroughIndex|code.PkgVars|code.UsesOnly)
	if v == nil || v == tx.TxParam {
		return nil
	}
	if tx.Func != nil && tx.Func.Pos() <= v.Pos() && v.Pos() < tx.Func.End() {
		return nil
	}
	return h
}
