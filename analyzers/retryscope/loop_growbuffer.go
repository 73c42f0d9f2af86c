package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A read that failed because its buffer was too small is read again into a
// larger one:
//
//	buf := make([]byte, 1024)
//	for {
//		n, err := ch.Read(buf)
//		if errors.Is(err, io.ErrShortBuffer) {
//			buf = make([]byte, 2*len(buf))
//			continue
//		}
//		if err != nil {
//			return err
//		}
//		handle(buf[:n])
//	}
//
// io.ErrShortBuffer says what to change: the destination. When every way
// from the failure back to the read lets through that error only and grows
// the buffer the read fills (buf = append(buf, ...), buf = make([]byte, k)
// with k computed from len(buf) or cap(buf)), the next read is another
// attempt, one the last failure showed how to make, and no wait helps it: it
// is marked Failover like the other loops whose failure path changes the
// attempt (loop_changes.go). A buffer kept as it was, re-made at the same
// size, or grown on every failure (a reset connection fails again whatever
// the buffer) leaves the read a retry.

// growsBuffer reports whether c's failure goes round only on a short-buffer
// or need-more error, past a growth of a buffer an attempt reads into or of
// the size it asks a stream for (see above and loop_readmore.go).
func (f *flow) growsBuffer(l *loop, c *outcomeCheck) bool {
	for _, call := range c.attempts {
		grows := f.bufferGrowths(l, call)
		if len(grows) > 0 && f.retriesOnly(l, call, errorClass.needMoreOnly) && l.everyWayBack(c.failure(), holdsAny(grows)) {
			return true
		}
		if f.asksMore(l, c, call) {
			return true
		}
	}
	return false
}

// bufferGrowths returns the assignments in l that grow a byte slice declared
// outside l that call takes as an argument.
func (f *flow) bufferGrowths(l *loop, call *ast.CallExpr) map[*ast.AssignStmt]bool {
	bufs := make(map[*types.Var]bool)
	for _, a := range call.Args {
		if v := code.VarOf(f.info, a); v != nil && isByteSlice(v.Type()) && !l.contains(v.Pos()) {
			bufs[v] = true
		}
	}
	grows := make(map[*ast.AssignStmt]bool)
	if len(bufs) == 0 {
		return grows
	}
	walkBody(f.info, f.fn.body, assignStmtKinds, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if l.contains(as.Pos()) && as.Tok == token.ASSIGN && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
			if v := code.VarOf(f.info, as.Lhs[0]); bufs[v] && f.grown(v, as.Rhs[0]) {
				grows[as] = true
			}
		}
		return true
	})
	return grows
}

// grown reports whether e is buf grown: append(buf, ...), or
// make([]byte, k) with k mentioning len(buf) or cap(buf) beside more.
func (f *flow) grown(buf *types.Var, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	if _, builtin := f.info.Uses[id].(*types.Builtin); !builtin {
		return false
	}
	switch id.Name {
	case "append":
		return code.VarOf(f.info, call.Args[0]) == buf
	case "make":
		size, ok := ast.Unparen(call.Args[1]).(*ast.BinaryExpr)
		return ok && (size.Op == token.MUL || size.Op == token.ADD || size.Op == token.SHL) && (f.sizeOf(buf, size.X) || f.sizeOf(buf, size.Y))
	}
	return false
}

// sizeOf reports whether e is len(buf) or cap(buf).
func (f *flow) sizeOf(buf *types.Var, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != "len" && id.Name != "cap" {
		return false
	}
	_, builtin := f.info.Uses[id].(*types.Builtin)
	return builtin && code.VarOf(f.info, call.Args[0]) == buf
}
