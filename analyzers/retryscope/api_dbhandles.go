package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

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
	fn := code.Callee(info, call)
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

// CommitHandle returns the transaction a call commits, or nil: tx for
// tx.Commit() and tx.Commit(ctx) on a handle (IsDBHandle: *sql.Tx, *sqlx.Tx,
// pgx.Tx, a gorm transaction). A transaction commits at most once: after the
// first Commit, whether it succeeded or failed, the transaction is finished
// and every later Commit fails (sql.ErrTxDone, pgx.ErrTxClosed).
func CommitHandle(info *types.Info, call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Commit" {
		return nil
	}
	if _, isMethod := info.Uses[sel.Sel].(*types.Func); !isMethod || !IsDBHandle(info.TypeOf(sel.X)) {
		return nil
	}
	return sel.X
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
