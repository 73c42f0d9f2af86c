package code

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"testing"
)

const constSrc = `package p

const K = 3

func f(n int) {
	a := K
	b := a
	c := n
	_, _, _ = a, b, c
}
`

// TestConst: a constant, a variable assigned once from one (through another),
// and a variable of unknown value.
func TestConst(t *testing.T) {
	f, info, _ := typeCheck(t, constSrc)
	defs := map[types.Object][]ast.Node{}
	var uses []ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			if as.Tok == token.DEFINE {
				defs[info.Defs[as.Lhs[0].(*ast.Ident)]] = []ast.Node{as.Rhs[0]}
			} else {
				uses = as.Rhs
			}
		}
		return true
	})
	for i, want := range []string{"3", "3", ""} {
		got := ""
		if v := Const(info, uses[i], defs); v != nil {
			got = v.ExactString()
		}
		if got != want {
			t.Errorf("Const(%s) = %q, want %q", types.ExprString(uses[i]), got, want)
		}
	}
	if v := Const(info, uses[1], nil); v != nil && v.Kind() != constant.Unknown {
		t.Errorf("Const without definitions followed a variable: %v", v)
	}
	x, y := ast.NewIdent("x"), ast.NewIdent("y")
	if PairedRHS([]ast.Expr{x, y}, []ast.Expr{y, x}, 1) != x || PairedRHS([]ast.Expr{x, y}, []ast.Expr{x}, 0) != nil {
		t.Error("PairedRHS pairs the wrong expression")
	}
}

const stringSrc = `package p

const Name = "Retry-After"

var v = "x"

var _, _, _, _ = Name, "lit", v, 3
`

// TestString: a named string constant and a literal have text; a variable
// and a number do not.
func TestString(t *testing.T) {
	f, info, _ := typeCheck(t, stringSrc)
	values := f.Decls[len(f.Decls)-1].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values
	for i, want := range []string{"Retry-After", "lit", "", ""} {
		got, ok := String(info, values[i])
		if got != want || ok != (want != "") {
			t.Errorf("String(%s) = %q, %v; want %q", types.ExprString(values[i]), got, ok, want)
		}
	}
	if _, ok := StringVal(nil); ok {
		t.Error("StringVal(nil) has text")
	}
}

const namedFuncSrc = `package p

import "strings"

type T struct{}

func (T) M() {}

func F() {}

var t T

var _, _, _, _, _ = F, strings.ToUpper, t.M, (F), func() {}
`

// TestNamedFunc: a function, a package's function, a method value and a
// parenthesized name name a function; a literal does not.
func TestNamedFunc(t *testing.T) {
	f, info, _ := typeCheck(t, namedFuncSrc)
	values := f.Decls[len(f.Decls)-1].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values
	for i, want := range []string{"F", "ToUpper", "M", "F", ""} {
		got := ""
		if fn := NamedFunc(info, values[i]); fn != nil {
			got = fn.Name()
		}
		if got != want {
			t.Errorf("NamedFunc(%s) = %q, want %q", types.ExprString(values[i]), got, want)
		}
	}
}

const fieldOwnerSrc = `package p

type Endpoint struct{ TokenURL string }

type Config struct {
	Name string
	Endpoint
}

type Outer struct{ *Config }

type anon struct{ inner struct{ URL string } }

func (c Config) Method() {}

var (
	e Endpoint
	c *Config
	o Outer
	a anon
	v = []any{e.TokenURL, c.TokenURL, c.Name, o.TokenURL, o.Name, a.inner.URL, c.Method}
)
`

// TestFieldOwner: a field is owned by the struct that declares it, through
// embedded fields and pointers; a field of an unnamed struct and a method have
// no owner.
func TestFieldOwner(t *testing.T) {
	f, info, _ := typeCheck(t, fieldOwnerSrc)
	specs := f.Decls[len(f.Decls)-1].(*ast.GenDecl).Specs
	lit := specs[len(specs)-1].(*ast.ValueSpec).Values[0].(*ast.CompositeLit)
	for i, want := range []string{"Endpoint", "Endpoint", "Config", "Endpoint", "Config", "", ""} {
		got := ""
		if tn := FieldOwner(info, lit.Elts[i].(*ast.SelectorExpr)); tn != nil {
			got = tn.Name()
		}
		if got != want {
			t.Errorf("FieldOwner(%s) = %q, want %q", types.ExprString(lit.Elts[i]), got, want)
		}
	}
}

// TestStmtValue: the value of an expression statement and of a one-value
// assignment; none for a two-value assignment or another statement.
func TestStmtValue(t *testing.T) {
	f, _, _ := typeCheck(t, `package p

func f(ch chan int) {
	<-ch
	v := <-ch
	a, b := 1, 2
	return
	_, _, _ = v, a, b
}
`)
	body := f.Decls[0].(*ast.FuncDecl).Body.List
	want := []bool{true, true, false, false}
	for i, w := range want {
		if got := StmtValue(body[i]) != nil; got != w {
			t.Errorf("statement %d: got a value %v, want %v", i, got, w)
		}
	}
	if u, ok := StmtValue(body[1]).(*ast.UnaryExpr); !ok || u.Op != token.ARROW {
		t.Errorf("v := <-ch: want the receive, got %T", StmtValue(body[1]))
	}
}
