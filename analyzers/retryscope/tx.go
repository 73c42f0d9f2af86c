package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// findTxCallbacks fills res.TxCallbacks and exports TxWrapper facts.
//
// A transaction helper is a knowledge-base entry (crdb.ExecuteTx, gorm Transaction,
// pgx BeginFunc, ...) or a function of the analysed code with the TxWrapper fact. A
// function becomes a TxWrapper when it hands one of its func-typed parameters (or a
// literal calling it) to a transaction helper, or when it runs that parameter in a
// retry region that also begins a transaction (a hand-written retrying
// transaction). The fixed point allows wrappers of wrappers.
func findTxCallbacks(pass *analysis.Pass, res *Result) {
	calls := allCalls(pass)
	wrappers := make(map[*types.Func]*TxWrapper)
	inferRetryingTx(pass, res, wrappers)
	for round := 0; round < 8; round++ {
		if !inferTxWrappers(pass, res, calls, wrappers) {
			break
		}
	}
	for _, fn := range sortedFuncs(wrappers) {
		res.exportFact(pass, fn, wrappers[fn])
	}
	for _, call := range calls {
		if tx := txCallback(pass, res, call, wrappers); tx != nil {
			res.TxCallbacks = append(res.TxCallbacks, tx)
		}
	}
}

// txHelperOf says whether a call runs a callback in a transaction, which argument,
// and whether the helper itself retries it.
func txHelperOf(pass *analysis.Pass, res *Result, call *ast.CallExpr, local map[*types.Func]*TxWrapper) (fn *types.Func, arg int, retries, ok bool) {
	fn = calleeFunc(pass.TypesInfo, call)
	if fn == nil {
		return nil, 0, false, false
	}
	if h := res.txHelper(fn); h != nil {
		return fn, h.Callback, h.Retries, h.Callback < len(call.Args)
	}
	if w := txWrapperOf(pass, fn, local); w != nil {
		return fn, w.Param, w.Retries, w.Param < len(call.Args)
	}
	return nil, 0, false, false
}

func txWrapperOf(pass *analysis.Pass, fn *types.Func, local map[*types.Func]*TxWrapper) *TxWrapper {
	fn = fn.Origin()
	if w := local[fn]; w != nil {
		return w
	}
	var w TxWrapper
	if fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &w) {
		return &w
	}
	return nil
}

// inferRetryingTx: a function whose retry region calls one of its func-typed
// parameters and begins a transaction in the same region runs that parameter in a
// retried transaction.
func inferRetryingTx(pass *analysis.Pass, res *Result, wrappers map[*types.Func]*TxWrapper) {
	for _, r := range res.Regions {
		decl := declOf(res, r.Func)
		if decl == nil || r.Body == nil || wrappers[decl.obj] != nil {
			continue
		}
		params := decl.params(pass.TypesInfo)
		param, begins := -1, false
		ast.Inspect(r.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if i := paramIndex(pass.TypesInfo, call.Fun, params); i >= 0 && param < 0 {
					param = i
				}
				begins = begins || IsTxBegin(pass.TypesInfo, call)
			}
			return true
		})
		if param >= 0 && begins {
			wrappers[decl.obj] = &TxWrapper{Param: param, Retries: true}
		}
	}
}

// inferTxWrappers: a function that hands one of its func-typed parameters (or a
// literal calling it) to a transaction helper is a TxWrapper; it retries when the
// helper does or when the hand-off happens inside a retry region. Reports whether
// it learnt something new.
func inferTxWrappers(pass *analysis.Pass, res *Result, calls []*ast.CallExpr, wrappers map[*types.Func]*TxWrapper) bool {
	found := false
	for _, call := range calls {
		_, arg, retries, ok := txHelperOf(pass, res, call, wrappers)
		if !ok {
			continue
		}
		decl := res.funcs.enclosing(call.Pos()).decl()
		if decl == nil {
			continue
		}
		retries = retries || inRetryRegion(res, call)
		if old := wrappers[decl.obj]; old != nil && (old.Retries || !retries) {
			continue
		}
		if i := retriedParam(pass.TypesInfo, res, call.Args[arg], decl.params(pass.TypesInfo)); i >= 0 {
			wrappers[decl.obj] = &TxWrapper{Param: i, Retries: retries}
			found = true
		}
	}
	return found
}

// inRetryRegion reports whether a call runs again when an attempt fails: it is in
// a retry callback (the whole callback runs again), or it is an attempt of a
// retry loop or recursive retry (a call on the success path, after the attempt
// succeeded, runs once).
func inRetryRegion(res *Result, call *ast.CallExpr) bool {
	for _, r := range res.Regions {
		if r.Body == nil || call.Pos() < r.Body.Pos() || r.Body.End() < call.End() {
			continue
		}
		if r.Kind == CallbackRegion {
			return true
		}
		for _, a := range r.Attempts {
			if a == call {
				return true
			}
		}
	}
	return false
}

// txCallback returns the transaction callback of a helper call, or nil. A callback
// is retried when its helper retries, when the helper call lies in a retry region,
// or when it lies in another retried transaction callback.
func txCallback(pass *analysis.Pass, res *Result, call *ast.CallExpr, wrappers map[*types.Func]*TxWrapper) *TxCallback {
	fn, arg, retries, ok := txHelperOf(pass, res, call, wrappers)
	if !ok {
		return nil
	}
	tx := &TxCallback{Call: call, Helper: fn, Callback: call.Args[arg]}
	tx.Retries = retries || inRetryRegion(res, call) || inRetriedTx(res, call)
	if cb := res.funcs.of(pass.TypesInfo, tx.Callback); cb != nil {
		tx.Body, tx.Func = cb.body, cb.node
		tx.TxParam = txParam(cb.params(pass.TypesInfo))
	}
	return tx
}

func inRetriedTx(res *Result, n ast.Node) bool {
	for _, tx := range res.TxCallbacks {
		if tx.Retries && tx.Body != nil && tx.Body.Pos() <= n.Pos() && n.End() <= tx.Body.End() {
			return true
		}
	}
	return false
}

// txParam returns the callback's transaction parameter: the first one that is not
// a context.Context.
func txParam(params []*types.Var) *types.Var {
	for _, p := range params {
		if p != nil && !IsContext(p.Type()) {
			return p
		}
	}
	return nil
}

// beginMethods are the method names that start a transaction (database/sql, pgx,
// gorm, bun, sqlx) when they return the transaction.
var beginMethods = map[string]bool{
	"Begin": true, "BeginTx": true, "Beginx": true, "BeginTxx": true,
	"MustBegin": true, "MustBeginTx": true,
}

// IsTxBegin reports whether call starts a transaction and returns it: a method
// named Begin, BeginTx, Beginx, BeginTxx, MustBegin or MustBeginTx whose first
// result is not an error (so BeginFunc-style helpers are not begins).
func IsTxBegin(info *types.Info, call *ast.CallExpr) bool {
	fn := calleeFunc(info, call)
	if fn == nil || !beginMethods[fn.Name()] {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Results().Len() == 0 {
		return false
	}
	return !isErrorType(sig.Results().At(0).Type())
}

// statementMethods are the methods that run SQL on a handle: database/sql, pgx,
// sqlx, gorm finishers and bun query constructors.
var statementMethods = map[string]bool{
	"Exec": true, "ExecContext": true, "Query": true, "QueryContext": true,
	"QueryRow": true, "QueryRowContext": true, "Prepare": true, "PrepareContext": true,
	"Queryx": true, "QueryxContext": true, "QueryRowx": true, "QueryRowxContext": true,
	"Preparex": true, "PreparexContext": true, "MustExec": true, "MustExecContext": true,
	"NamedExec": true, "NamedExecContext": true, "NamedQuery": true, "NamedQueryContext": true,
	"Get": true, "GetContext": true, "Select": true, "SelectContext": true,
	"CopyFrom": true, "SendBatch": true,
	"Create": true, "CreateInBatches": true, "Save": true, "Update": true, "Updates": true,
	"UpdateColumn": true, "UpdateColumns": true, "Delete": true, "First": true, "Find": true,
	"Take": true, "Last": true, "FirstOrCreate": true, "FirstOrInit": true, "Pluck": true,
	"Count": true, "Scan": true, "Row": true, "Rows": true, "Raw": true,
	"NewInsert": true, "NewUpdate": true, "NewDelete": true, "NewSelect": true, "NewRaw": true,
	"NewMerge": true,
}

// StatementHandle returns the database handle a call runs a statement on, or nil:
// for tx.ExecContext(...) it is tx, for db.Where(...).First(&u) it is db.Where(...),
// for tx.NewInsert().Model(m).Exec(ctx) it is tx. A handle is a value whose type
// can begin a transaction or is one (IsDBHandle).
func StatementHandle(info *types.Info, call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !statementMethods[sel.Sel.Name] {
		return nil
	}
	if _, isMethod := info.Uses[sel.Sel].(*types.Func); !isMethod {
		return nil
	}
	for x := sel.X; ; {
		if IsDBHandle(info.TypeOf(x)) {
			return x
		}
		inner, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			return nil
		}
		s, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		x = s.X
	}
}

// HandleBase returns the variable or field expression a handle is derived from by
// calls on the handle itself: tx for tx.WithContext(ctx).Where(...), s.db for
// s.db.WithContext(ctx). It returns nil when the chain starts with something
// else, such as a call of another value's method (repo.With(tx)), whose result
// could be bound to any transaction.
func HandleBase(info *types.Info, h ast.Expr) ast.Expr {
	for {
		switch x := ast.Unparen(h).(type) {
		case *ast.Ident, *ast.SelectorExpr:
			return x
		case *ast.CallExpr:
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || !IsDBHandle(info.TypeOf(sel.X)) {
				return nil
			}
			h = sel.X
		default:
			return nil
		}
	}
}

// IsDBHandle reports whether t is a database handle: a type with a method that
// begins a transaction (*sql.DB, *sql.Conn, *pgxpool.Pool, *pgx.Conn, *gorm.DB,
// *bun.DB, *sqlx.DB) or a transaction itself (Commit and Rollback methods).
func IsDBHandle(t types.Type) bool {
	ms := methodSet(t)
	if ms == nil {
		return false
	}
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !beginMethods[fn.Name()] {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Results().Len() > 0 && !isErrorType(sig.Results().At(0).Type()) {
			return true
		}
	}
	return hasMethod(ms, "Commit") && hasMethod(ms, "Rollback")
}

// IsTxType reports whether t is a transaction by its type: a named type called Tx
// (database/sql, sqlx, pgx, pgxpool, bun, crdb) with Commit and Rollback methods.
// A *gorm.DB is a transaction only by where it comes from.
func IsTxType(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Name() != "Tx" {
		return false
	}
	ms := methodSet(n)
	return hasMethod(ms, "Commit") && hasMethod(ms, "Rollback")
}

// methodSet returns the method set of t, or of *t for a named non-interface type.
func methodSet(t types.Type) *types.MethodSet {
	if t == nil {
		return nil
	}
	t = types.Unalias(t)
	if _, ok := t.Underlying().(*types.Interface); ok {
		return types.NewMethodSet(t)
	}
	if _, ok := t.(*types.Pointer); !ok {
		if _, named := t.(*types.Named); !named {
			return nil
		}
		t = types.NewPointer(t)
	}
	return types.NewMethodSet(t)
}

func hasMethod(ms *types.MethodSet, name string) bool {
	for i := 0; ms != nil && i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			return true
		}
	}
	return false
}

// Repeats reports whether code at n, inside the region's body, can run again on a
// later attempt: anything in a retry callback; in a retry loop or recursive retry,
// code up to the end of the last attempt (code after it runs on the success path,
// once the attempt succeeded).
func (r *Region) Repeats(n ast.Node) bool {
	if r.Kind == CallbackRegion || len(r.Attempts) == 0 {
		return true
	}
	for _, a := range r.Attempts {
		if n.Pos() < a.End() {
			return true
		}
	}
	return false
}

// FuncDecl returns the declaration of a function of this package, or nil.
func (res *Result) FuncDecl(fn *types.Func) *ast.FuncDecl {
	if fn == nil || res.funcs == nil {
		return nil
	}
	if f := res.funcs.byObj[fn.Origin()]; f != nil {
		d, _ := f.node.(*ast.FuncDecl)
		return d
	}
	return nil
}

// Span returns the source range of the code that runs again: the loop statement,
// the recursive function's body, or the callback function (parameters included,
// since each attempt gets them afresh). ok is false when the code is not in this
// package.
func (res *Result) Span(r *Region) (pos, end token.Pos, ok bool) {
	if r.Kind == LoopRegion && r.Loop != nil {
		return r.Loop.Pos(), r.Loop.End(), true
	}
	if r.Kind == CallbackRegion && r.Helper != nil && res.funcs != nil && res.info != nil {
		if cb := res.funcs.of(res.info, r.Helper.Callback); cb != nil {
			return cb.node.Pos(), cb.node.End(), true
		}
	}
	if r.Body != nil {
		return r.Body.Pos(), r.Body.End(), true
	}
	return token.NoPos, token.NoPos, false
}
