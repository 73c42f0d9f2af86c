package txsideeffect

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// timeShift are time.Time methods whose result is still "now, shifted"; timeValue
// are those that turn it into a number or text (a column value).
var (
	timeShift = map[string]bool{"Add": true, "Truncate": true, "Round": true, "UTC": true, "Local": true, "In": true}
	timeValue = map[string]bool{"Unix": true, "UnixMilli": true, "UnixMicro": true, "UnixNano": true, "Format": true, "String": true}
)

// timeCompare are time.Time methods that compare or measure.
var timeCompare = map[string]bool{"Sub": true, "Before": true, "After": true, "Equal": true, "Compare": true}

// clockOnly reports whether the time.Now call's value only measures time or sets a
// deadline (time.Since(start), ctx with a deadline, conn.SetDeadline), so that a
// different value per attempt changes nothing the database or the caller sees, or
// only becomes an argument of statements on the transaction (txs: the callback's
// tx, or the parameter of a helper it was handed to). A retrying helper runs the
// next attempt only after the rollback of the last one, so no one saw the earlier
// reading and the committed row holds the time of the attempt that committed.
func (c *checker) clockOnly(body ast.Node, call *ast.CallExpr, txs map[types.Object]bool) bool {
	return c.clockUse(body, call, txs, 0)
}

func (c *checker) clockUse(body ast.Node, e ast.Expr, txs map[types.Object]bool, depth int) bool {
	if depth > 3 {
		return false
	}
	e, compared, ok := c.derivedClock(e)
	if compared || !ok {
		return compared
	}
	switch p := c.parent(e).(type) {
	case *ast.CallExpr:
		return c.onTx(p, txs)
	case *ast.AssignStmt:
		return c.assignedClock(body, p, e, txs, depth)
	case *ast.ValueSpec:
		if len(p.Names) == len(p.Values) {
			for i, v := range p.Values {
				if v == e {
					return c.usesClockOnly(body, c.info.Defs[p.Names[i]], txs, depth)
				}
			}
		}
	}
	return false
}

// derivedClock climbs from a clock value through the expressions that still carry
// it: parentheses, time.Time methods that shift or convert it, and conversion
// functions (time.Time in, a number, text or time out). It returns the outermost
// such expression; compared when a comparison or a clock consumer took the value,
// !ok when a method of another kind did.
func (c *checker) derivedClock(e ast.Expr) (out ast.Expr, compared, ok bool) {
	for {
		switch p := c.parent(e).(type) {
		case *ast.ParenExpr:
			e = p
		case *ast.SelectorExpr:
			if p.X != e {
				return e, false, false
			}
			call, isCall := c.parent(p).(*ast.CallExpr)
			switch {
			case !isCall || call.Fun != p:
				return e, false, false
			case timeCompare[p.Sel.Name]:
				return e, true, true
			case !timeShift[p.Sel.Name] && !timeValue[p.Sel.Name]:
				return e, false, false
			}
			e = call
		case *ast.CallExpr:
			switch {
			case c.clockConsumer(p):
				return e, true, true
			case !c.timeConversion(p):
				return e, false, true
			}
			e = p
		default:
			return e, false, true
		}
	}
}

// timeConversion reports whether call is a function taking one time.Time and
// returning one number, string or time.Time (toMillis(t) int64 { return t.UnixMilli() }).
func (c *checker) timeConversion(call *ast.CallExpr) bool {
	fn := code.Callee(c.info, call)
	if fn == nil || len(call.Args) != 1 {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 || !isTime(sig.Params().At(0).Type()) {
		return false
	}
	res := sig.Results().At(0).Type()
	basic, isBasic := res.Underlying().(*types.Basic)
	return isTime(res) || isBasic && basic.Info()&(types.IsNumeric|types.IsString) != 0
}

func isTime(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
}

// onTx reports whether call runs a statement on one of the transactions txs.
func (c *checker) onTx(call *ast.CallExpr, txs map[types.Object]bool) bool {
	h := retryscope.StatementHandle(c.info, call)
	if h == nil {
		return false
	}
	v := code.Root(c.info, retryscope.HandleBase(c.info, h), code.UsesOnly)
	return v != nil && txs[v]
}

func (c *checker) assignedClock(body ast.Node, as *ast.AssignStmt, e ast.Expr, txs map[types.Object]bool, depth int) bool {
	if len(as.Lhs) != len(as.Rhs) {
		return false
	}
	for i, r := range as.Rhs {
		if r != e {
			continue
		}
		id, ok := ast.Unparen(as.Lhs[i]).(*ast.Ident)
		if !ok {
			return false
		}
		obj := c.info.Defs[id]
		if obj == nil {
			obj = c.info.Uses[id]
		}
		if obj == nil || obj.Pos() < body.Pos() || obj.Pos() >= body.End() {
			return false // a variable of the enclosing code carries the reading out
		}
		return c.usesClockOnly(body, obj, txs, depth)
	}
	return false
}

// usesClockOnly reports whether every use of a local variable in body is a
// clock-only use.
func (c *checker) usesClockOnly(body ast.Node, obj types.Object, txs map[types.Object]bool, depth int) bool {
	if obj == nil {
		return false
	}
	ok, uses := true, 0
	code.TreeOf(c.info).Inspect(body, []ast.Node{(*ast.Ident)(nil)}, func(n ast.Node) bool {
		if id := n.(*ast.Ident); c.info.Uses[id] == obj {
			uses++
			ok = ok && c.clockUse(body, id, txs, depth+1)
		}
		return ok
	})
	return ok && uses > 0
}

// clockConsumer: time.Since/Until, context deadlines, Set*Deadline methods and
// time.Time comparisons only look at the clock.
func (c *checker) clockConsumer(call *ast.CallExpr) bool {
	fn := code.Callee(c.info, call)
	if fn == nil {
		return false
	}
	switch fn.FullName() {
	case "time.Since", "time.Until", "context.WithDeadline", "context.WithDeadlineCause":
		return true
	}
	if strings.HasPrefix(fn.Name(), "Set") && strings.HasSuffix(fn.Name(), "Deadline") {
		return true
	}
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" && timeCompare[fn.Name()]
}

// parent is the node around n (through the package's tree), or nil.
func (c *checker) parent(n ast.Node) ast.Node {
	if path := code.TreeOf(c.info).Enclosing(n); len(path) > 1 {
		return path[1]
	}
	return nil
}
