package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/refactor/satisfy"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Calls through the package's own abstractions.
//
// Real code reaches the network mostly behind abstractions of its own: a
// dialer interface, a `dial func(addr string) (net.Conn, error)` field, a
// pool's factory, a message writer. A call of an interface method declared in
// this package is judged by the package's types that implement the interface
// (pointer receivers included), a call of an unexported func-valued field or
// package variable of this package by every value the package assigns it: the
// call only connects when every one of them only connects, and stays local
// when every one of them does. Whatever the package cannot show keeps a call
// out of reach (remote, may be refused): an interface with no implementation
// here, one that a value of another type is converted to (another package's
// client, another interface), a generic implementation, a value from a
// parameter or a call's result, an exported field or variable (another
// package may set it). Test files are left out: a fake of a test is no
// implementation the code runs with.

// implIndex holds, for the package, what implementations need: its named
// types and the conversions to interfaces of its code, built once on first
// use.
type implIndex struct {
	named   []*types.TypeName // declared outside test files
	generic []*types.TypeName // of those, generic types: left unjudged
	// flows are the conversions to an interface in code outside test files
	// (satisfy); complete is false when satisfy could not read the package.
	flows    []satisfy.Constraint
	complete bool
}

func (rc *remoteCheck) implIndex() *implIndex {
	if rc.impls == nil {
		rc.impls = buildImplIndex(rc.pass.Fset, rc.pass.TypesInfo, rc.pass.Files)
	}
	return rc.impls
}

func buildImplIndex(fset *token.FileSet, info *types.Info, files []*ast.File) *implIndex {
	ix := &implIndex{}
	var nonTest []*ast.File
	for _, f := range files {
		if !code.IsTestFile(fset, f.Pos()) {
			nonTest = append(nonTest, f)
		}
	}
	for id, obj := range info.Defs {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() || code.IsTestFile(fset, id.Pos()) {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(n) {
			continue
		}
		if n.TypeParams().Len() > 0 {
			ix.generic = append(ix.generic, tn)
		} else {
			ix.named = append(ix.named, tn)
		}
	}
	ix.flows, ix.complete = conversions(info, nonTest)
	return ix
}

// conversions lists the conversions to interfaces in files. satisfy may panic
// on code it does not expect; then nothing is complete.
func conversions(info *types.Info, files []*ast.File) (flows []satisfy.Constraint, complete bool) {
	defer func() {
		if recover() != nil {
			flows, complete = nil, false
		}
	}()
	var f satisfy.Finder
	f.Find(info, files)
	for c := range f.Result {
		flows = append(flows, c)
	}
	return flows, true
}

// implsOutcome decides a method of an interface of this package by its
// implementations; ok is false when the package cannot show them all.
func (rc *remoteCheck) implsOutcome(fn *types.Func) (o exposure, ok bool) {
	impls := rc.implementations(fn)
	if len(impls) == 0 {
		return 0, false
	}
	rc.funcs[fn] = anything // an implementation calling the method again proves nothing
	for _, m := range impls {
		if o |= rc.funcOutcome(m); o == anything {
			break
		}
	}
	return o, true
}

// implementations returns the methods that a call of fn, a method of an
// interface declared in this package, may run; nil when the package cannot
// show them all.
func (rc *remoteCheck) implementations(fn *types.Func) []*types.Func {
	if fn.Pkg() != rc.pass.Pkg {
		return nil
	}
	out, _ := rc.implsHere(fn, rc.pass.Pkg)
	return out
}

// implsHere returns this package's methods that a call of fn, an interface
// method, may run; ok is false when the package cannot show them all: its
// code could not be read, it converts to the interface a value of a type of
// none of pkgs (nor of another interface with the same method), or the
// interface or one of the package's types that has the method is generic.
func (rc *remoteCheck) implsHere(fn *types.Func, pkgs ...*types.Package) (out []*types.Func, ok bool) {
	recv := fn.Type().(*types.Signature).Recv().Type()
	iface, isIface := recv.Underlying().(*types.Interface)
	if !isIface {
		return nil, false
	}
	if n, isNamed := types.Unalias(recv).(*types.Named); isNamed && n.TypeParams().Len() > 0 {
		return nil, false
	}
	ix := rc.implIndex()
	if !ix.complete || !rc.onlyTypesOfFlowInto(fn, ix, pkgs...) {
		return nil, false
	}
	for _, tn := range ix.generic {
		if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, fn.Pkg(), fn.Name()); obj != nil {
			return nil, false
		}
	}
	for _, tn := range ix.named {
		ptr := types.NewPointer(tn.Type())
		if !types.Implements(ptr, iface) {
			continue
		}
		if m, found := lookupMethod(ptr, fn); found {
			out = append(out, m)
		}
	}
	return out, true
}

// onlyTypesOfFlowInto reports whether every value converted to an interface
// with method fn is of a type of one of pkgs (this package, or the
// interface's when its facts judged the implementations there) or of another
// interface with the same method: a client of another package that satisfies
// the interface is an implementation the index cannot judge.
func (rc *remoteCheck) onlyTypesOfFlowInto(fn *types.Func, ix *implIndex, pkgs ...*types.Package) bool {
	for _, c := range ix.flows {
		if m, ok := lookupMethod(c.LHS, fn); !ok || m != fn {
			continue
		}
		if types.IsInterface(c.RHS) {
			if m, ok := lookupMethod(c.RHS, fn); !ok || m != fn {
				return false
			}
			continue
		}
		if !slices.ContainsFunc(pkgs, func(p *types.Package) bool { return namedIn(c.RHS, p) }) {
			return false
		}
	}
	return true
}

// namedIn reports whether t is T or *T for a non-generic named type
// declared in pkg.
func namedIn(t types.Type, pkg *types.Package) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() == pkg && n.TypeParams().Len() == 0
}

// lookupMethod returns the method of t by fn's name.
func lookupMethod(t types.Type, fn *types.Func) (*types.Func, bool) {
	obj, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), fn.Name())
	m, ok := obj.(*types.Func)
	return m, ok
}

// varOutcome decides a call of an unexported func-valued field or
// package-level variable of this package by every value the package gives
// it; ok is false when it cannot show them all.
func (rc *remoteCheck) varOutcome(v *types.Var) (o exposure, ok bool) {
	if v.Pkg() != rc.pass.Pkg {
		return 0, false
	}
	if o, ok := rc.vars[v]; ok {
		return o, true
	}
	vals, ok := code.AllValues(rc.pass.TypesInfo, v)
	if !ok {
		return 0, false
	}
	rc.vars[v] = anything // a value calling the variable again proves nothing
	found := false
	for _, e := range vals {
		if code.IsNil(rc.pass.TypesInfo, e) {
			continue
		}
		found = true
		if o |= rc.valueOutcome(e); o == anything {
			break
		}
	}
	if !found {
		o = anything // never set here: set out of sight, or never called
	}
	rc.vars[v] = o
	return o, true
}

// calledVar returns the field or package-level variable a call calls through,
// or nil.
func calledVar(info *types.Info, call *ast.CallExpr) *types.Var {
	var v *types.Var
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		v, _ = info.Uses[f].(*types.Var)
	case *ast.SelectorExpr:
		v, _ = info.Uses[f.Sel].(*types.Var)
	}
	if v == nil || v.Pkg() == nil || !(v.IsField() || v.Parent() == v.Pkg().Scope()) {
		return nil
	}
	return v
}

// dynamicOutcome decides a call through a value (dynamicCall): through a
// field or a variable of this package by its values, else out of reach.
func (rc *remoteCheck) dynamicOutcome(call *ast.CallExpr) exposure {
	if v := calledVar(rc.pass.TypesInfo, call); v != nil {
		if o, ok := rc.varOutcome(v); ok {
			return o
		}
	}
	return anything
}
