package txsideeffect

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// timeShift are time.Time methods whose result is still "now, shifted".
var timeShift = map[string]bool{"Add": true, "Truncate": true, "Round": true, "UTC": true, "Local": true, "In": true}

// timeCompare are time.Time methods that compare or measure.
var timeCompare = map[string]bool{"Sub": true, "Before": true, "After": true, "Equal": true, "Compare": true}

// clockOnly reports whether the time.Now call's value only measures time or sets a
// deadline (time.Since(start), ctx with a deadline, conn.SetDeadline), so that a
// different value per attempt changes nothing the database or the caller sees.
func (c *checker) clockOnly(body ast.Node, call *ast.CallExpr) bool {
	return c.clockUse(body, call, 0)
}

func (c *checker) clockUse(body ast.Node, e ast.Expr, depth int) bool {
	if depth > 3 {
		return false
	}
	for {
		p := c.parent(e)
		if paren, ok := p.(*ast.ParenExpr); ok {
			e = paren
			continue
		}
		sel, ok := p.(*ast.SelectorExpr)
		if !ok || sel.X != e {
			break
		}
		call, ok := c.parent(sel).(*ast.CallExpr)
		if !ok || call.Fun != sel {
			return false
		}
		if timeCompare[sel.Sel.Name] {
			return true
		}
		if !timeShift[sel.Sel.Name] {
			return false
		}
		e = call
	}
	switch p := c.parent(e).(type) {
	case *ast.CallExpr:
		return c.clockConsumer(p)
	case *ast.AssignStmt:
		return c.assignedClock(body, p, e, depth)
	case *ast.ValueSpec:
		if len(p.Names) == len(p.Values) {
			for i, v := range p.Values {
				if v == e {
					return c.usesClockOnly(body, c.info.Defs[p.Names[i]], depth)
				}
			}
		}
	}
	return false
}

func (c *checker) assignedClock(body ast.Node, as *ast.AssignStmt, e ast.Expr, depth int) bool {
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
		return c.usesClockOnly(body, obj, depth)
	}
	return false
}

// usesClockOnly reports whether every use of a local variable in body is a
// clock-only use.
func (c *checker) usesClockOnly(body ast.Node, obj types.Object, depth int) bool {
	if obj == nil {
		return false
	}
	ok, uses := true, 0
	code.TreeOf(c.info).Inspect(body, []ast.Node{(*ast.Ident)(nil)}, func(n ast.Node) bool {
		if id := n.(*ast.Ident); c.info.Uses[id] == obj {
			uses++
			ok = ok && c.clockUse(body, id, depth+1)
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
