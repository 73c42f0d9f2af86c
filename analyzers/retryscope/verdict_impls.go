package retryscope

import (
	"go/ast"
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
// analysed code it depends on, in a stable order.
func verdictMethodsInScope(pass *analysis.Pass, res *Result) []obeyedMethod {
	var out []obeyedMethod
	for m, f := range res.verdictMethods {
		out = append(out, obeyedMethod{m, f})
	}
	for _, of := range pass.AllObjectFacts() {
		f, isVerdict := of.Fact.(*VerdictMethod)
		m, isFunc := of.Object.(*types.Func)
		if isVerdict && isFunc && m.Pkg() != pass.Pkg && !f.External {
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
	j, ok := judgeVerdict(info, fn.body, fn.params(info), m.fact.AgainWhen)
	decl, isDecl := fn.node.(*ast.FuncDecl)
	if !ok || !j.retries || !isDecl {
		return nil
	}
	r := &Region{Kind: CallbackRegion, Pos: decl.Name.Pos(), Body: fn.body, Func: decl,
		Attempts: errorCalls(info, fn.body), Helper: &HelperCall{Func: m.method}}
	r.Classification = callbackClassification(pass, res, r)
	j.apply(r)
	o := res.remoteCheck(pass).root(fn)
	r.local = !o.remote()
	r.connectsOnly = !r.local && o&verdict == 0
	return &VerdictImpl{Region: r, Impl: fn.obj, Method: m.method, Fact: m.fact}
}
