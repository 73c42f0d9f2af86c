package txsideeffect

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const (
	fixExternal = "make it after the commit, or record it in an outbox table within the transaction"
	fixValue    = "compute it once before the transaction and capture it"
)

// where names the callback: "the transaction callback of (*gorm.DB).Transaction",
// "the retried transaction callback of crdb.ExecuteTx".
func where(c *checker, tx *retryscope.TxCallback) string {
	s := "the transaction callback of "
	if tx.Retries {
		s = "the retried transaction callback of "
	}
	return s + c.name(tx.Helper)
}

func undone(tx *retryscope.TxCallback) string {
	if tx.Retries {
		return "is not undone by a rollback and repeats on every retry"
	}
	return "is not undone by a rollback"
}

// name prints a function with short package names, and without the package for
// this package's own functions.
func (c *checker) name(fn *types.Func) string {
	qual := func(p *types.Package) string {
		if p == c.p.Pkg {
			return ""
		}
		return p.Name()
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		return "(" + types.TypeString(sig.Recv().Type(), qual) + ")." + fn.Name()
	}
	if q := qual(fn.Pkg()); q != "" && fn.Pkg() != nil {
		return q + "." + fn.Name()
	}
	return fn.Name()
}

// handleName prints the handle without the calls chained on it: s.db for
// s.db.WithContext(ctx).
func handleName(h ast.Expr) string {
	for {
		call, ok := ast.Unparen(h).(*ast.CallExpr)
		if !ok {
			break
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			break
		}
		h = sel.X
	}
	return types.ExprString(h)
}
