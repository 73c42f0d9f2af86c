package code

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"sort"
	"sync"

	"golang.org/x/tools/go/ast/inspector"
)

// Def is one assignment in a package: of a variable, a field, an element.
type Def struct {
	// Var is the variable or field assigned: v of v = e, f of x.f = e, V of
	// pkg.V = e; nil for an element or a pointee (x[i] = e, *p = e).
	Var types.Object
	// Lhs is the expression assigned to (the name of a var declaration).
	Lhs ast.Expr
	// Value is the expression assigned (RHS), or nil: var x T, x++.
	Value ast.Expr
	// Op is the assignment's token: token.DEFINE, token.ASSIGN, an op= token
	// (x += e, Value e), token.INC or token.DEC, token.VAR for a declaration.
	Op token.Token
	// Stmt is the *ast.AssignStmt, *ast.IncDecStmt or *ast.ValueSpec.
	Stmt ast.Node
	// Func is the innermost function (*ast.FuncDecl or *ast.FuncLit) around
	// the assignment, nil at package level.
	Func ast.Node
}

// Replaces reports whether the assignment gives the variable a new value of
// its own (=, :=, var), not an update of the old one (+=, ++).
func (d Def) Replaces() bool {
	return d.Op == token.ASSIGN || d.Op == token.DEFINE || d.Op == token.VAR
}

// ByName reports whether the assignment names the variable itself (v = e,
// var v = e), not a field or an element of something (x.f = e).
func (d Def) ByName() bool {
	_, ok := ast.Unparen(d.Lhs).(*ast.Ident)
	return ok
}

// Values returns the expressions assigned to a variable by name (v = e,
// v := e, v op= e, var v = e), in source order, where keep accepts the
// assignment (nil keeps all).
func Values(info *types.Info, v types.Object, keep func(Def) bool) []ast.Expr {
	var out []ast.Expr
	for _, d := range DefsOf(info, v) {
		if d.Value != nil && d.ByName() && (keep == nil || keep(d)) {
			out = append(out, d.Value)
		}
	}
	return out
}

// defsIndex holds a package's assignments in source order, by variable, built
// once from the inspector: "what is assigned to v" is a lookup, not a walk of
// the code (the def half of a def-use index; uses.go is the use half).
type defsIndex struct {
	once sync.Once
	all  []Def
	// byVar holds, per variable, the indices of its assignments in all: a
	// Def is a dozen words and a package has tens of thousands of them, held
	// as long as the package is, so they are stored once.
	byVar map[types.Object][]int32
}

// defKinds are the kinds of node that assign.
var defKinds = []ast.Node{(*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.ValueSpec)(nil)}

// funcKinds are the kinds of node a Def's Func is.
var funcKinds = []ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)}

func (x *defsIndex) build(info *types.Info, t *Tree) {
	// The enclosing function comes from the cursor's parents, which the walk
	// does not visit: one callback per assignment.
	t.inspect(t.in.Root(), defKinds, func(c inspector.Cursor) bool {
		var fn ast.Node
		for f := range c.Enclosing(funcKinds...) {
			fn = f.Node()
			break
		}
		add := func(d Def) {
			d.Func = fn
			x.all = append(x.all, d)
		}
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				add(Def{Var: Assigned(info, lhs), Lhs: lhs, Value: RHS(n.Rhs, len(n.Lhs), i), Op: n.Tok, Stmt: n})
			}
		case *ast.IncDecStmt:
			add(Def{Var: Assigned(info, n.X), Lhs: n.X, Op: n.Tok, Stmt: n})
		case *ast.ValueSpec:
			for i, name := range n.Names {
				add(Def{Var: Assigned(info, name), Lhs: name, Value: RHS(n.Values, len(n.Names), i), Op: token.VAR, Stmt: n})
			}
		}
		return true
	})
	// The files of a package need not be laid out in the file set in the
	// order the inspector walks them (go/packages parses them in parallel).
	sort.SliceStable(x.all, func(i, j int) bool { return x.all[i].Stmt.Pos() < x.all[j].Stmt.Pos() })
	x.indexByVar()
}

// indexByVar fills byVar with slices of one backing array, each sized by a
// count first, not grown per variable.
func (x *defsIndex) indexByVar() {
	counts := make(map[types.Object]int)
	for _, d := range x.all {
		if d.Var != nil {
			counts[d.Var]++
		}
	}
	backing := make([]int32, 0, len(x.all))
	x.byVar = make(map[types.Object][]int32, len(counts))
	for i, d := range x.all {
		if d.Var == nil {
			continue
		}
		s, ok := x.byVar[d.Var]
		if !ok {
			start, n := len(backing), counts[d.Var]
			backing = backing[:start+n]
			s = backing[start:start:(start + n)]
		}
		x.byVar[d.Var] = append(s, int32(i))
	}
}

// Assigned returns the variable or field an assignment's left-hand side (or
// any expression) names: v, the field f of x.f, V of pkg.V; nil otherwise.
func Assigned(info *types.Info, lhs ast.Expr) types.Object {
	switch x := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		if v := VarOf(info, x); v != nil {
			return v
		}
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); ok {
			return v // a field, or a package's variable
		}
	}
	return nil
}

func (t *Tree) defs(info *types.Info) *defsIndex {
	t.defIndex.once.Do(func() {
		if t.in != nil {
			t.defIndex.build(info, t)
		}
	})
	return &t.defIndex
}

// DefsOf yields the assignments of a variable or field in the package, in
// source order. It reads the package's def index (through its Tree; none
// without one).
func DefsOf(info *types.Info, v types.Object) iter.Seq2[int, Def] {
	return func(yield func(int, Def) bool) {
		t := TreeOf(info)
		if t == nil || v == nil {
			return
		}
		x := t.defs(info)
		for i, at := range x.byVar[v] {
			if !yield(i, x.all[at]) {
				return
			}
		}
	}
}

// SoleDef returns the one assignment of a variable or field in the
// package, if it has exactly one.
func SoleDef(info *types.Info, v types.Object) (Def, bool) {
	var only Def
	n := 0
	for _, d := range DefsOf(info, v) {
		only, n = d, n+1
		if n > 1 {
			return Def{}, false
		}
	}
	return only, n == 1
}

// DefsIn returns the package's assignments that start in [pos, end), in
// source order.
func DefsIn(info *types.Info, pos, end token.Pos) []Def {
	t := TreeOf(info)
	if t == nil {
		return nil
	}
	all := t.defs(info).all
	lo := sort.Search(len(all), func(i int) bool { return all[i].Stmt.Pos() >= pos })
	hi := sort.Search(len(all), func(i int) bool { return all[i].Stmt.Pos() >= end })
	return all[lo:hi]
}

// AssignedIn reports whether an assignment within n (a body, a statement)
// assigns v itself.
func AssignedIn(info *types.Info, n ast.Node, v types.Object) bool {
	for _, d := range DefsIn(info, n.Pos(), n.End()) {
		if d.Var == v {
			return true
		}
	}
	return false
}

// VarOf returns the variable an identifier uses or declares, or nil (a
// blank, a constant, a function, or not an identifier).
func VarOf(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := info.Uses[id].(*types.Var); ok {
		return v
	}
	v, _ := info.Defs[id].(*types.Var)
	return v
}
