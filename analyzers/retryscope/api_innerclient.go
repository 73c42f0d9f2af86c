package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// clientAttempts returns the attempts a self-retrying client call makes, and
// whether its retries are on. field is the receiver's field that sets the count
// (counts says whether it counts "retries" or "attempts"; an attempts field at
// 0 means the library default). The field is read where the receiver is built in
// the function; when that is not visible, from every place in the package that
// sets the field. Any value that turns the retries off, or that is not a
// constant, leaves the call out: precision before recall.
func clientAttempts(pass *analysis.Pass, res *Result, call *ast.CallExpr, def int, field, counts string) (int, bool) {
	if field == "" {
		return def, true
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return def, true
	}
	if _, isPkg := pass.TypesInfo.Uses[identOf(sel.X)].(*types.PkgName); isPkg {
		return def, true // a package-level function: the library's default client
	}
	typ := namedTypeName(pass.TypesInfo.TypeOf(sel.X))
	if typ == "" {
		return def, true
	}
	vals, built := receiverFields(pass, res, call.Pos(), sel.X, typ, field)
	if len(vals) == 0 && !built {
		vals = packageFields(pass, typ, field)
	}
	return attemptsFrom(vals, def, counts)
}

// receiverFields follows the receiver through the enclosing functions: the
// values its field gets, and whether the receiver was built there (a literal of
// its type or a call of its type's package).
func receiverFields(pass *analysis.Pass, res *Result, pos token.Pos, recv ast.Expr, typ, field string) ([]Value, bool) {
	encl := res.funcs.enclosing(pos)
	if encl == nil {
		return nil, false
	}
	s := &settingsWalk{info: pass.TypesInfo, encl: encl, seen: map[ast.Node]bool{}, seenVar: map[types.Object]bool{}}
	s.expr(recv, 0)
	var vals []Value
	built := false
	pkg := typ[:lastDot(typ)]
	for _, st := range s.out {
		switch {
		case st.Name == "("+typ+")."+field:
			vals = append(vals, st.Args...)
		case st.Name == typ+"{}":
			built = true
		case len(st.Name) > len(pkg) && st.Name[:len(pkg)+1] == pkg+".":
			_, isCall := st.Node.(*ast.CallExpr)
			built = built || isCall
		}
	}
	return vals, built
}

func lastDot(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			return i
		}
	}
	return 0
}

// packageFields returns the values the field of typ gets anywhere in the package:
// keys of composite literals and assignments to x.field.
func packageFields(pass *analysis.Pass, typ, field string) []Value {
	var out []Value
	info := pass.TypesInfo
	for _, f := range pass.Files {
		code.TreeOf(info).Inspect(f, []ast.Node{(*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)}, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if namedTypeName(info.TypeOf(n)) == typ {
					out = append(out, keyed(info, n, field)...)
				}
			case *ast.AssignStmt:
				if sel, ok := ast.Unparen(n.Lhs[0]).(*ast.SelectorExpr); ok && len(n.Lhs) == len(n.Rhs) &&
					sel.Sel.Name == field && namedTypeName(info.TypeOf(sel.X)) == typ {
					out = append(out, Value{Expr: n.Rhs[0], Const: code.Const(info, n.Rhs[0], nil)})
				}
			}
			return true
		})
	}
	return out
}

func keyed(info *types.Info, lit *ast.CompositeLit, field string) []Value {
	var out []Value
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				out = append(out, Value{Expr: kv.Value, Const: code.Const(info, kv.Value, nil)})
			}
		}
	}
	return out
}

// attemptsFrom turns the values of an attempts field into an attempt count.
func attemptsFrom(vals []Value, def int, counts string) (int, bool) {
	n := def
	for i, v := range vals {
		x, ok := v.Int()
		if !ok {
			return 0, false
		}
		a := int(x)
		switch {
		case counts == "retries":
			a = int(x) + 1
		case x == 0:
			a = def
		}
		if a <= 1 {
			return 0, false
		}
		if i == 0 {
			n = a
		} else if a != n {
			n = 0 // several clients, several counts
		}
	}
	return n, true
}
