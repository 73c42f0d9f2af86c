package retryscope

import (
	"go/token"
	"go/types"
)

// OwnerCancels reports whether every assignment of the context variable v
// is a context.WithCancel (or a form of it) whose cancel function its
// owner's stop calls (owner_cancel.go): a cancel kept in a field that
// another method calls, or called by a goroutine on the owner's stop. Such
// a context ends when its owner says, as one a caller passes in does. at is
// a read of v, in the function that assigns it (a parameter is declared
// outside the body).
func (res *Result) OwnerCancels(v *types.Var, at token.Pos) bool {
	if res == nil || res.funcs == nil || res.info == nil || v == nil || !IsContext(v.Type()) {
		return false
	}
	encl := res.funcs.enclosing(at)
	if encl == nil {
		return false
	}
	return (&flow{info: res.info, res: res, fn: encl}).cancelledByOwner(v, 0)
}
