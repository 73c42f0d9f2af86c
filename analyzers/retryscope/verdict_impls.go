package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// VerdictImpl is a method of the package that implements a verdict method
// (verdict_iface.go) and answers "again" after a failure on some path: a
// callback of the loop that obeys it, judged as a verdict wrapper's callback
// literal is (verdict_calls.go).
type VerdictImpl struct {
	// Region is the method as a callback region: Pos is its name, Body its
	// body, Classification what tells its failures apart. It is in no
	// Regions list.
	Region *Region
	// Impl is the method; Method the interface method it implements; Fact
	// says which loop obeys it.
	Impl, Method *types.Func
	Fact         *VerdictMethod
}

// obeyedMethod is an interface method with its VerdictMethod fact.
type obeyedMethod struct {
	method *types.Func
	fact   *VerdictMethod
}

// findVerdictImpls judges the package's methods, outside test files (a fake
// of a test is no implementation the code runs with), that implement a
// verdict method of this package or of an imported one.
func findVerdictImpls(pass *analysis.Pass, res *Result) {
	methods := verdictMethodsInScope(pass, res)
	if len(methods) == 0 {
		return
	}
	for _, fn := range res.funcs.list {
		if fn.obj == nil || fn.body == nil || !isVerdictSignature(fn.obj.Type()) || code.IsTestFile(pass.Fset, fn.node.Pos()) {
			continue
		}
		for _, m := range methods {
			if implements(fn.obj, m.method) {
				if impl := judgeImpl(pass, res, fn, m); impl != nil {
					res.VerdictImpls = append(res.VerdictImpls, impl)
				}
				break
			}
		}
	}
}

// verdictMethodsInScope returns the verdict methods of the package and of the
// packages of the analysed code it imports, in a stable order: a package that
// never names the interface's package is unlikely to mean its type for it,
// whatever its method set.
func verdictMethodsInScope(pass *analysis.Pass, res *Result) []obeyedMethod {
	var out []obeyedMethod
	for m, f := range res.verdictMethods {
		out = append(out, obeyedMethod{m, f})
	}
	imported := map[*types.Package]bool{}
	for _, p := range pass.Pkg.Imports() {
		imported[p] = true
	}
	for _, of := range pass.AllObjectFacts() {
		f, isVerdict := of.Fact.(*VerdictMethod)
		m, isFunc := of.Object.(*types.Func)
		if isVerdict && isFunc && imported[m.Pkg()] && !f.External {
			out = append(out, obeyedMethod{m, f})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].method.FullName() < out[j].method.FullName() })
	return out
}

// implements reports whether fn is a concrete method, of a type that is not
// generic, whose type (or pointer to it) implements the interface of m under
// m's name.
func implements(fn, m *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || fn.Name() != m.Name() || types.IsInterface(recv.Type()) {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.TypeParams().Len() > 0 {
		return false
	}
	iface, ok := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
	return ok && types.Implements(types.NewPointer(named), iface)
}

// judgeImpl reads the method's returns as a verdict callback's; nil when no
// failure is shown to go round (or a return is out of reach).
func judgeImpl(pass *analysis.Pass, res *Result, fn *funcNode, m obeyedMethod) *VerdictImpl {
	info := pass.TypesInfo
	rc := res.remoteCheck(pass)
	j, ok := judgeVerdictWith(info, fn.body, fn.params(info), m.fact.AgainWhen, localGuards(rc, fn.body))
	decl, isDecl := fn.node.(*ast.FuncDecl)
	if !ok || !j.retries || !isDecl {
		return nil
	}
	r := &Region{Kind: CallbackRegion, Pos: decl.Name.Pos(), Body: fn.body, Func: decl,
		Attempts: errorCalls(info, fn.body), Helper: &HelperCall{Func: m.method}}
	r.Classification = callbackClassification(pass, res, r)
	j.apply(r)
	o := rc.root(fn)
	r.local = !o.remote()
	r.connectsOnly = !r.local && o&verdict == 0
	return &VerdictImpl{Region: r, Impl: fn.obj, Method: m.method, Fact: m.fact}
}

// localGuards returns a test of whether the statements a return of body is
// reached under (its stack) decide only on what stays in the process: each
// condition, besides nil tests of errors, calls nothing that may reach
// another system, and each variable of the body it reads is only ever given
// values so made (configuration, a template, a parsed address). A loop on
// the way is a condition on what it ranges over or tests; a select or a type
// switch is not local. Fields,
// parameters and package variables are the implementation's configuration.
// An implementation that gives up under such conditions refuses its own
// input or configuration before or beside its remote attempt; whether it
// tells the attempt's failures apart is for the other returns to show.
func localGuards(rc *remoteCheck, body *ast.BlockStmt) func([]ast.Node) bool {
	info := rc.pass.TypesInfo
	sources := valueSources(info, body)
	local := func(e ast.Expr) bool {
		if e == nil {
			return true
		}
		if _, isNilTest := errNilTest(info, e); isNilTest {
			return true
		}
		ok := !rc.nodeOutcome(e).remote()
		code.Inspect(e, func(n ast.Node) bool {
			if id, isID := n.(*ast.Ident); isID && ok {
				if v, isVar := info.Uses[id].(*types.Var); isVar && v.Pos() >= body.Pos() && v.Pos() < body.End() {
					for _, src := range sources[v] {
						ok = ok && src != nil && !rc.nodeOutcome(src).remote()
					}
				}
			}
			return ok
		})
		return ok
	}
	return func(stack []ast.Node) bool {
		for _, n := range stack {
			switch s := n.(type) {
			case *ast.SelectStmt, *ast.TypeSwitchStmt:
				return false
			case *ast.RangeStmt:
				if !local(s.X) {
					return false
				}
			case *ast.ForStmt:
				if !local(s.Cond) {
					return false
				}
			case *ast.IfStmt:
				for _, part := range conjuncts(s.Cond, true) {
					if !local(part.cond) {
						return false
					}
				}
			case *ast.SwitchStmt:
				if !local(s.Tag) {
					return false
				}
			case *ast.CaseClause:
				for _, e := range s.List {
					if !local(e) {
						return false
					}
				}
			}
		}
		return true
	}
}

// valueSources maps the variables assigned in a body to the expressions they
// are given (nil: one the reading does not follow).
func valueSources(info *types.Info, body *ast.BlockStmt) map[*types.Var][]ast.Node {
	out := map[*types.Var][]ast.Node{}
	add := func(lhs []ast.Expr, rhs []ast.Expr) {
		for i, l := range lhs {
			if v := code.VarOf(info, l); v != nil {
				var src ast.Node
				if r := code.RHS(rhs, len(lhs), i); r != nil {
					src = r
				}
				out[v] = append(out[v], src)
			}
		}
	}
	code.WalkStack(body, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && len(stack) > 1 && mayFill(info, stack[len(stack)-2], n) {
				out[v] = append(out[v], nil)
			}
		case *ast.AssignStmt:
			add(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			if len(n.Values) > 0 {
				add(identExprs(n.Names), n.Values)
			}
		case *ast.RangeStmt:
			add([]ast.Expr{n.Key, n.Value}, []ast.Expr{n.X, n.X})
		}
		return true
	})
	return out
}

// mayFill reports whether a use of a variable lets what it holds be changed
// out of sight: its address taken, a method called on it, or a pointer, map
// or slice handed to a call (json.NewDecoder(r).Decode(&reply)).
func mayFill(info *types.Info, parent ast.Node, id *ast.Ident) bool {
	switch p := parent.(type) {
	case *ast.UnaryExpr:
		return p.Op == token.AND
	case *ast.SelectorExpr:
		sel, ok := info.Selections[p]
		return ok && p.X == id && sel.Kind() == types.MethodVal
	case *ast.CallExpr:
		if b, isBuiltin := info.Uses[identOf(p.Fun)].(*types.Builtin); isBuiltin && b.Name() != "copy" {
			return false // len, cap, append, delete read it or return a new value
		}
		switch code.Underlying(info, id).(type) {
		case *types.Pointer, *types.Map, *types.Slice:
			return p.Fun != id
		}
	}
	return false
}

func identExprs(ids []*ast.Ident) []ast.Expr {
	out := make([]ast.Expr, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}
