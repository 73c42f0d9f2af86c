package retryscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A conflict restart whose attempt is a function of the package that reads
// before it writes.
//
// A compare-and-swap restart need not read the state in its round: the
// attempt may be a function of the package that does (`func setImage(ctx,
// api, name, image) { cur, err := api.Get(ctx, name); ...; return
// api.Update(ctx, withImage(cur, image)) }`). Each call reads anew, so a
// conflict answer is fresh news of another writer, as in a round that reads
// (RestartsOnConflict). The function must hand back only such writes: every
// return of a call's results (a method's, or a function's of the package)
// returns a write that takes a value an earlier call of the function
// returned, asking the same thing (writesFreshRead's test, in the callee).
// A function that returns no write itself counts when one of its writes
// takes what an earlier call of it read (writesAnyRead). A function that
// writes the object it is handed, read before the loop, sends the same stale
// state every round and stays a retry.

// rereadsBeforeWrite reports whether call calls a function of the package
// whose every returned call is a write of state it read first, and which
// returns at least one.
func (f *flow) rereadsBeforeWrite(call *ast.CallExpr) bool {
	fn := f.res.funcs.of(f.info, call.Fun)
	if fn == nil || fn.body == nil {
		return false
	}
	writes, fresh := 0, true
	code.Inspect(fn.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, e := range n.Results {
				if w, ok := ast.Unparen(e).(*ast.CallExpr); ok && f.mayWrite(w) {
					writes++
					fresh = fresh && f.writesReadIn(fn.body, w)
				}
			}
		}
		return fresh
	})
	if writes > 0 {
		return fresh
	}
	return f.writesAnyRead(fn.body)
}

// writesAnyRead reports whether body, which returns no write's results
// itself, makes a call that may write and takes a value an earlier call of
// body returned, asking the same thing: a read-modify-write whose write's
// error the function checks and hands back (`obj, err := rw.queryBlock(ctx,
// cidr); ...; if _, err = rw.update(ctx, obj); err != nil { return err }`).
// Decided on S2 (compare-and-swap loops whose attempt is a read-modify-write
// function of the package).
func (f *flow) writesAnyRead(body *ast.BlockStmt) bool {
	found := false
	code.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = found || f.mayWrite(n) && f.writesReadIn(body, n)
		}
		return !found
	})
	return found
}

// mayWrite reports whether a returned call may be a conditional write: its
// last result is an error and it is a method call or a function of the
// package (not an error constructor such as fmt.Errorf).
func (f *flow) mayWrite(call *ast.CallExpr) bool {
	if !lastResultIsError(f.info, call) {
		return false
	}
	if fn := code.Callee(f.info, call); fn != nil {
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
			return true
		}
	}
	return f.res.funcs.of(f.info, call.Fun) != nil
}

func lastResultIsError(info *types.Info, call *ast.CallExpr) bool {
	switch t := info.TypeOf(call).(type) {
	case *types.Tuple:
		return t.Len() > 0 && isErrorType(t.At(t.Len()-1).Type())
	case nil:
		return false
	default:
		return isErrorType(t)
	}
}

// writesReadIn reports whether write takes a value derived, in body, from
// what a call before it returned, the two calls sharing an operand.
func (f *flow) writesReadIn(body *ast.BlockStmt, write *ast.CallExpr) bool {
	defs := code.DefsIn(f.info, body.Pos(), write.Pos())
	for _, d := range defs {
		read, ok := ast.Unparen(d.Value).(*ast.CallExpr)
		if !ok || !readsValue(d) || read == write {
			continue
		}
		if mentions(f.info, write, derivedIn(f.info, defs, d.Var, readsValue)) && sharesOperand(f.info, read, write) {
			return true
		}
	}
	return false
}

func readsValue(d code.Def) bool { return d.Var != nil && d.ByName() && !isErrorType(d.Var.Type()) }

// derivedIn returns seed and the variables that the definitions of defs
// keep accepts assign from it, directly or through one another.
func derivedIn(info *types.Info, defs []code.Def, seed types.Object, keep func(code.Def) bool) []types.Object {
	set := []types.Object{seed}
	for changed := true; changed; {
		changed = false
		for _, d := range defs {
			if keep(d) && !slices.Contains(set, d.Var) && mentions(info, d.Value, set) {
				set, changed = append(set, d.Var), true
			}
		}
	}
	return set
}
