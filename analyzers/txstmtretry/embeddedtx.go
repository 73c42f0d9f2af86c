package txstmtretry

import (
	"go/types"

	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A package's own transaction type.
//
// A struct of the analysed package that embeds a transaction (type BaseTx
// struct{ *sql.Tx }) runs its statements through the promoted methods, so a
// value of it is the transaction it wraps, wherever the value came from (a
// parameter, a type assertion of an interface's result). A struct that only
// holds a transaction in a named field is not: its statements run on whatever
// field the call names.

// isTxValue reports whether t is a transaction by its type: a Tx type, or a
// struct of pkg embedding one.
func isTxValue(pkg *types.Package, t types.Type) bool {
	return retryscope.IsTxType(t) || embedsTx(pkg, t)
}

func embedsTx(pkg *types.Package, t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != pkg {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Embedded() && retryscope.IsTxType(f.Type()) {
			return true
		}
	}
	return false
}
