package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// settingsOf follows a helper call's arguments (all but the callback) and its
// receiver through calls, local variables, composite literals and field
// assignments in the enclosing functions, and records every call and struct field
// it meets: the helper's configuration as data the rules can query.
func settingsOf(info *types.Info, funcs *funcIndex, encl *funcNode, call *ast.CallExpr, callbackArg int) []Setting {
	return walkSettings(info, funcs, encl, call, callbackArg).out
}

// walkSettings is settingsOf, keeping the walk: what it handed to the
// helpers it read (settingsWalk.handed).
func walkSettings(info *types.Info, funcs *funcIndex, encl *funcNode, call *ast.CallExpr, callbackArg int) *settingsWalk {
	s := newSettingsWalk(info, funcs, encl)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		s.expr(sel.X, 0)
	}
	for i, a := range call.Args {
		if i != callbackArg {
			s.expr(a, 0)
		}
	}
	return s
}

// valueSettings is settingsOf for one value handed to a helper.
func valueSettings(info *types.Info, funcs *funcIndex, encl *funcNode, e ast.Expr) []Setting {
	s := newSettingsWalk(info, funcs, encl)
	s.expr(e, 0)
	return s.out
}

func newSettingsWalk(info *types.Info, funcs *funcIndex, encl *funcNode) *settingsWalk {
	return &settingsWalk{info: info, encl: encl, seen: map[ast.Node]bool{}, seenVar: map[types.Object]bool{}, helpers: funcs, handed: map[*types.Var]ast.Expr{}}
}

type settingsWalk struct {
	info *types.Info
	encl *funcNode
	// fields are the struct fields met on the way (s.client), which the walk
	// does not follow: their values are set elsewhere.
	fields  []*ast.SelectorExpr
	seen    map[ast.Node]bool
	seenVar map[types.Object]bool
	out     []Setting
	defs    map[types.Object][]ast.Node
	// funcLits says to read function literals too: the option functions of
	// a client (func(o *s3.Options) { o.RetryMaxAttempts = 1 }, a Retryer
	// factory). Helper settings leave them out: a retry-go DelayType given a
	// closure is a custom delay, not the calls inside it.
	funcLits bool
	// helpers, when set, are the package's functions: what one of them
	// returns is read as if it were written at the call (helperResults).
	helpers *funcIndex
	// handed maps a parameter of a helper whose results the walk read to
	// the argument the call it followed passed (retryIf of
	// opts(ctx, retryIf)): what an option made of that parameter comes from.
	handed map[*types.Var]ast.Expr
}

const maxSettingsDepth = 12

func (s *settingsWalk) expr(e ast.Expr, depth int) {
	if e == nil || depth > maxSettingsDepth || s.seen[e] {
		return
	}
	s.seen[e] = true
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		s.call(e, depth)
	case *ast.Ident:
		s.variable(e, depth)
	case *ast.UnaryExpr:
		s.expr(e.X, depth+1)
	case *ast.CompositeLit:
		s.literal(e, depth)
	case *ast.FuncLit:
		if s.funcLits {
			s.funcLit(e, depth)
		}
	case *ast.SelectorExpr:
		if _, isPkg := s.info.Uses[identOf(e.X)].(*types.PkgName); !isPkg {
			s.expr(e.X, depth+1)
		} else if v, ok := s.info.Uses[e.Sel].(*types.Var); ok {
			s.packageVar(v, e, depth)
		}
		if v, ok := s.info.Uses[e.Sel].(*types.Var); ok && v.IsField() {
			s.fields = append(s.fields, e)
		}
	}
}

func (s *settingsWalk) call(c *ast.CallExpr, depth int) {
	if fn := code.Callee(s.info, c); fn != nil {
		s.out = append(s.out, Setting{Name: fn.Origin().FullName(), Node: c, Args: s.values(c.Args)})
		s.helperResults(fn, c, depth)
	}
	if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
		s.expr(sel.X, depth+1) // builder chains: b.WithMaxRetries(3).Build()
	}
	for _, a := range c.Args {
		s.expr(a, depth+1)
	}
}

// helperResults reads what a function of the package returns as if it were
// written at the call: options built once by a helper and spread into every
// retry call (`retry.Do(f, opts(ctx, cfg, retryIf)...)`) are that call's
// options, and their retry.Context or RetryIf are there even though the call
// does not show them. The helper's own locals are followed in its body.
func (s *settingsWalk) helperResults(fn *types.Func, c *ast.CallExpr, depth int) {
	if s.helpers == nil {
		return
	}
	h := s.helpers.byObj[fn.Origin()]
	if h == nil || h.body == nil || s.seen[h.body] {
		return
	}
	s.seen[h.body] = true
	if s.handed != nil && !c.Ellipsis.IsValid() {
		for i, p := range h.params(s.info) {
			if p != nil && i < len(c.Args) {
				s.handed[p] = c.Args[i]
			}
		}
	}
	inner := &settingsWalk{info: s.info, encl: h, seen: s.seen, seenVar: s.seenVar, funcLits: s.funcLits, helpers: s.helpers, handed: s.handed}
	walkBody(s.info, h.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		for _, r := range n.(*ast.ReturnStmt).Results {
			inner.expr(r, depth+1)
		}
		return true
	})
	s.out = append(s.out, inner.out...)
	s.fields = append(s.fields, inner.fields...)
}

func (s *settingsWalk) literal(lit *ast.CompositeLit, depth int) {
	typeName := namedTypeName(s.info.TypeOf(lit))
	if typeName != "" { // the literal itself: its unset fields are zero values
		s.out = append(s.out, Setting{Name: typeName + "{}", Node: lit})
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			s.expr(elt, depth+1)
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok && typeName != "" {
			s.out = append(s.out, Setting{Name: "(" + typeName + ")." + key.Name, Node: kv, Args: s.values([]ast.Expr{kv.Value})})
		}
		s.expr(kv.Value, depth+1)
	}
}

// funcLit reads an option function: the fields it sets on its parameter
// (o.RetryMaxAttempts = 1) and the values it returns or assigns.
func (s *settingsWalk) funcLit(fl *ast.FuncLit, depth int) {
	ast.Inspect(fl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if s.seen[n] {
				return true
			}
			s.seen[n] = true
			if sel, ok := ast.Unparen(n.Lhs[0]).(*ast.SelectorExpr); ok && len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if tn := namedTypeName(s.info.TypeOf(sel.X)); tn != "" {
					s.out = append(s.out, Setting{Name: "(" + tn + ")." + sel.Sel.Name, Node: n, Args: s.values(n.Rhs)})
				}
			}
			for _, r := range n.Rhs {
				s.expr(r, depth+1)
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				s.expr(r, depth+1)
			}
		}
		return true
	})
}

// variable follows a local variable to what was assigned to it, to the fields set
// on it (b.RandomizationFactor = 0) and to the methods called on it.
func (s *settingsWalk) variable(id *ast.Ident, depth int) {
	v, ok := s.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || s.seenVar[v] {
		return
	}
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		s.packageVar(v, id, depth)
		return
	}
	s.seenVar[v] = true
	for _, n := range s.uses()[v] {
		switch n := n.(type) {
		case ast.Expr:
			s.expr(n, depth+1)
		case *ast.AssignStmt: // v.Field = value
			sel := n.Lhs[0].(*ast.SelectorExpr)
			if tn := namedTypeName(s.info.TypeOf(sel.X)); tn != "" {
				s.out = append(s.out, Setting{Name: "(" + tn + ")." + sel.Sel.Name, Node: n, Args: s.values(n.Rhs[:1])})
			}
			s.expr(n.Rhs[0], depth+1)
		}
	}
}

// packageVar records a package-level variable the configuration comes from
// (retry.DefaultBackoff) as a Setting named "pkg/path.Name". A variable of
// the analysed package given its value once, in its declaration (var policy
// = backoff.NewExponential(...)), is followed to that value as a local one is.
func (s *settingsWalk) packageVar(v *types.Var, at ast.Expr, depth int) {
	s.out = append(s.out, Setting{Name: v.Pkg().Path() + "." + v.Name(), Node: at})
	if s.seenVar[v] {
		return
	}
	s.seenVar[v] = true
	if def, ok := code.SoleDef(s.info, v); ok && def.Op == token.VAR && def.Value != nil {
		s.expr(def.Value, depth+1)
	}
}

// uses maps each local variable of the enclosing functions to its assigned values
// (expressions), field assignments (*ast.AssignStmt) and method calls on it. It is
// not the package's def index (code.DefsOf): a configuration is also what is done
// to a variable (b.MaxRetries = 3 keyed by b, b.SetMaxRetries(3)), and only plain
// = and := count as its values.
func (s *settingsWalk) uses() map[types.Object][]ast.Node {
	if s.defs != nil {
		return s.defs
	}
	s.defs = make(map[types.Object][]ast.Node)
	for fn := s.encl; fn != nil; fn = fn.parent {
		walkBody(s.info, fn.body, settingKinds, s.recordUse)
	}
	return s.defs
}

// settingKinds are the kinds of node recordUse reads.
var settingKinds = []ast.Node{(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.ExprStmt)(nil)}

func (s *settingsWalk) recordUse(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		s.recordAssign(n)
	case *ast.ValueSpec:
		for i, name := range n.Names {
			if o := s.info.Defs[name]; o != nil && i < len(n.Values) {
				s.defs[o] = append(s.defs[o], n.Values[i])
			}
		}
	case *ast.ExprStmt: // b.SetMaxRetries(3) as a statement
		if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if o := code.Root(s.info, sel.X, code.ThroughIndex); o != nil {
					s.defs[o] = append(s.defs[o], call)
				}
			}
		}
	}
	return true
}

func (s *settingsWalk) recordAssign(n *ast.AssignStmt) {
	if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
		return
	}
	for i, lhs := range n.Lhs {
		rhs := n.Rhs[0]
		if len(n.Rhs) == len(n.Lhs) {
			rhs = n.Rhs[i]
		}
		if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && len(n.Lhs) == 1 {
			if o := code.Root(s.info, sel.X, code.ThroughIndex); o != nil {
				s.defs[o] = append(s.defs[o], n)
			}
			continue
		}
		if o := lhsObj(s.info, lhs); o != nil {
			s.defs[o] = append(s.defs[o], rhs)
		}
	}
}

func (s *settingsWalk) values(args []ast.Expr) []Value {
	out := make([]Value, len(args))
	for i, a := range args {
		out[i] = Value{Expr: a, Const: settingConst(s.info, a, s.uses())}
	}
	return out
}

// namedTypeName returns "pkg/path.Type" for a named type or a pointer to one.
func namedTypeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}
