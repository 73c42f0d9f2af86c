package retryscope

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Calls through an interface another package of the analysed code declares.
//
// Code often calls a dependency through an interface of the package that
// implements it: a command runner, a store, a clock, with the concrete type
// unexported beside it. Judged from the calling package alone, the method is
// out of reach and counts as remote, so a loop re-running a local command
// through such a runner read as a retry against another system. The
// interface's package judges its own implementations (as it does for its own
// calls, remote_impls.go) and marks each method whose every implementation
// there stays in the process (LocalImpls). The calling package then adds its
// own implementations of the interface: the call stays local when those do
// too, and when the package converts to the interface only values of its own
// types or of the interface's package. A wrapper of the calling package that
// calls the method again on the value it wraps (a retrying runner around the
// real one) adds nothing beyond the implementations it forwards to.

// LocalImpls marks a method of an interface whose package shows every
// implementation it converts to the interface, and none of them reaches
// another system.
type LocalImpls struct{ Origin }

func (*LocalImpls) AFact() {}

func (*LocalImpls) String() string { return "local implementations" }

// exportLocalImpls marks the methods of the package's interfaces that its
// implementations show local.
func exportLocalImpls(pass *analysis.Pass, rc *remoteCheck) {
	for _, name := range pass.Pkg.Scope().Names() {
		tn, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() || !types.IsInterface(tn.Type()) {
			continue
		}
		iface := tn.Type().Underlying().(*types.Interface)
		for i := range iface.NumExplicitMethods() {
			m := iface.ExplicitMethod(i)
			if len(rc.implementations(m)) > 0 && rc.funcOutcome(m) == 0 {
				exportObjectFact(pass, m, &LocalImpls{})
			}
		}
	}
}

// portOutcome decides a call of fn, a method of an interface of another
// package marked LocalImpls, by this package's implementations of it; ok is
// false when fn is no such method or this package converts to its interface a
// value it cannot judge. low is walkFunc's: a method reached again while its
// implementations are being walked adds nothing.
func (rc *remoteCheck) portOutcome(fn *types.Func) (o exposure, low int, ok bool) {
	var f LocalImpls
	if !code.IsInterfaceMethod(fn) || fn.Pkg() == rc.pass.Pkg || !importObjectFact(rc.pass, fn, &f) {
		return 0, 0, false
	}
	impls, ok := rc.implsHere(fn, rc.pass.Pkg, fn.Pkg())
	if !ok {
		return 0, 0, false
	}
	if v, ok := rc.funcs[fn]; ok {
		return v, noOpen, true
	}
	if d, ok := rc.openPorts[fn]; ok {
		return 0, d, true
	}
	rc.depth++
	d := rc.depth
	rc.openPorts[fn] = d
	o, low = rc.implsWalk(impls)
	delete(rc.openPorts, fn)
	rc.depth--
	if o == anything || low >= d {
		rc.funcs[fn] = o
		return o, noOpen, true
	}
	return o, low, true
}

// implsWalk decides the methods a call may run, as one walk.
func (rc *remoteCheck) implsWalk(impls []*types.Func) (o exposure, low int) {
	low = noOpen
	for _, m := range impls {
		var s exposure
		l := noOpen
		if node := rc.own(m); node != nil {
			s, l = rc.walkFunc(node)
		} else {
			s = rc.funcOutcome(m)
		}
		o, low = o|s, min(low, l)
		if o == anything {
			break
		}
	}
	return o, low
}
