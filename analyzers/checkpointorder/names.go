package checkpointorder

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// callName is how a message names a call: its callee expression as written,
// shortened to the method when the receiver is long.
func callName(call *ast.CallExpr) string {
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return "the function literal"
	}
	s := types.ExprString(call.Fun)
	if len(s) > 40 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return "..." + sel.Sel.Name
		}
	}
	return s
}

// texts collects the names a call's target can be recognised by: identifiers,
// selector names and string constants, in an expression and (up to maxDepth) in
// the definitions of the local variables it mentions.
type texts struct {
	info *types.Info
	defs map[types.Object][]ast.Expr
	out  []string
	seen map[types.Object]bool
}

// maxDepth bounds how many variable definitions texts follows.
const maxDepth = 3

func (t *texts) add(e ast.Expr, depth int) {
	if e == nil || depth > maxDepth {
		return
	}
	if tv, ok := t.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		t.out = append(t.out, constant.StringVal(tv.Value))
	}
	code.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				t.out = append(t.out, n.Value)
			}
		case *ast.Ident:
			t.out = append(t.out, n.Name)
			t.follow(n, depth)
		case *ast.CallExpr, *ast.SelectorExpr, *ast.CompositeLit, *ast.KeyValueExpr,
			*ast.UnaryExpr, *ast.StarExpr, *ast.ParenExpr, *ast.BinaryExpr, *ast.IndexExpr:
			if tv, ok := t.info.Types[n.(ast.Expr)]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				t.out = append(t.out, constant.StringVal(tv.Value))
			}
		}
		return true
	})
}

// follow adds the definitions of a local variable (and the value of a named
// string constant).
func (t *texts) follow(id *ast.Ident, depth int) {
	obj := t.info.Uses[id]
	if c, ok := obj.(*types.Const); ok && c.Val().Kind() == constant.String {
		t.out = append(t.out, constant.StringVal(c.Val()))
		return
	}
	v, ok := obj.(*types.Var)
	if !ok || t.seen[v] {
		return
	}
	t.seen[v] = true
	for _, d := range t.defs[v] {
		t.add(d, depth+1)
	}
}

// matches reports whether any collected text matches the pattern.
func (c *checker) matchesAny(list []string) bool {
	if c.dlq == nil {
		return false
	}
	for _, s := range list {
		if c.dlq.MatchString(s) {
			return true
		}
	}
	return false
}

// localDefs maps the variables defined in a body (outside nested function
// literals) to the expressions assigned to them (the package's def index); a
// multi-value assignment maps each variable to the call, and a range variable
// to what is ranged over.
func localDefs(info *types.Info, body *ast.BlockStmt) map[types.Object][]ast.Expr {
	defs := make(map[types.Object][]ast.Expr)
	for _, d := range code.DefsIn(info, body.Pos(), body.End()) {
		if d.Value != nil && d.ByName() && code.FuncBody(d.Func) == body {
			defs[d.Var] = append(defs[d.Var], d.Value)
		}
	}
	code.TreeOf(info).Inspect(body, []ast.Node{(*ast.FuncLit)(nil), (*ast.RangeStmt)(nil)}, func(n ast.Node) bool {
		if r, ok := n.(*ast.RangeStmt); ok {
			for _, e := range []ast.Expr{r.Key, r.Value} {
				if v := code.VarOf(info, e); v != nil {
					defs[v] = append(defs[v], r.X)
				}
			}
		}
		_, lit := n.(*ast.FuncLit)
		return !lit
	})
	return defs
}

// receiver returns the receiver expression of a method call, or nil.
func receiver(info *types.Info, call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal {
		return sel.X
	}
	return nil
}

// mentions reports whether n refers to obj (outside nested function literals).
func mentions(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	code.TreeOf(info).Inspect(n, []ast.Node{(*ast.Ident)(nil)}, func(m ast.Node) bool {
		if found {
			return false
		}
		if id, ok := m.(*ast.Ident); ok && info.Uses[id] == obj {
			found = true
		}
		return true
	})
	return found
}

// methodName returns the method name of a call through a selector, or "".
func methodName(call *ast.CallExpr) string {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.Sel.Name
	}
	return ""
}

// hasPrefix reports whether s starts with any of the prefixes.
func hasPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
