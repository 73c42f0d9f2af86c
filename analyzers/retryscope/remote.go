package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Whether an attempt reaches another system.
//
// Classification, backoff, jitter and a single retry layer protect a shared
// dependency from many clients retrying at once. An attempt that never leaves
// the process (an ID generated again until the clock moves on, a lock file held
// by another local process, a rename to the next free name, a re-read of an
// in-memory index) overloads nobody, so the rules about load on a dependency
// report only remote attempts.
//
// An attempt is remote when a call in it reaches I/O to another system: a
// dial, lookup or connection of package net (remote_net.go), a function of
// a root package (remoteRoots) or of a package that imports one
// (except the few that import one only for its types: importsOnlyForTypes),
// a client, driver or SDK call of the knowledge base, or — through calls —
// such a function: in this package by walking the callees, in other packages
// by the Remote fact (remote_facts.go). Precision first: the engine stays
// quiet only when it can show the attempt local, so whatever it cannot see
// through counts as remote: a call through a func value that is not a
// literal of this package, an interface method (except the few interfaces
// that are in-process by contract), a send on a channel (the request goes to
// another goroutine, which may take it anywhere), an attempt it cannot find.
// The package's own interfaces and func-valued fields and variables are
// judged by the implementations and values the package shows
// (remote_impls.go), a func-valued parameter of a function only the package
// calls by the literals and functions its calls hand in
// (remote_paramvalues.go). Listening, accepting and serving stay on the process's
// own socket (local_serve.go).
// A Kubernetes informer's cache and the listers over it answer from memory
// (local_informercache.go).
// An errors package's functions that read an error's chain of wrappers stay
// in memory (local_errchain.go).

// Remote reports whether the region's attempt may reach another system. Rules
// whose harm is load on a dependency (retryall, fixedsleep, nojitter,
// nestedretry, unboundedretry) report only remote regions.
func (r *Region) Remote() bool { return !r.local }

// markRemote decides Remote for every region. The attempt of a callback region
// is the callback; of a loop or a recursive retry, its attempt calls.
func markRemote(pass *analysis.Pass, res *Result) {
	rc := res.remoteCheck(pass)
	for _, r := range slices.Concat(res.Regions, res.PollErrors, res.AbsencePolls, res.StopSkips, res.ClassWaits, res.spins.polls, res.spins.receives) {
		o := rc.regionOutcome(r)
		r.local = !o.remote() || rc.retriesOnlyLocalSentinel(r) || retriesOnlyNoSpace(r) || rc.failsOnlyOnLocalFiles(r) ||
			rc.writesOnlyOnConnections(r)
		r.roundLocal = (!o.remote() && rc.roundLocal(r)) || retriesOnlyNoSpace(r)
		r.connectsOnly = !r.local && o&verdict == 0
	}
}

func (rc *remoteCheck) regionOutcome(r *Region) exposure {
	if r.Kind == CallbackRegion {
		if r.Helper == nil || r.Helper.Callback == nil || r.Helper.Func == nil {
			return anything
		}
		// A transaction helper or a self-retrying client reaches its
		// server on every attempt, whatever the callback does.
		if rc.known(r.Helper.Func) == reachesRemote {
			return anything
		}
		if named := rc.namedCallbacks(r.Helper); len(named) > 0 {
			var o exposure
			for _, fn := range named {
				o |= rc.root(fn)
			}
			return o
		}
		return rc.valueOutcome(r.Helper.Callback)
	}
	if len(r.Attempts) == 0 {
		return anything
	}
	var o exposure
	if r.Body != nil && rc.judgesResponse(r.Body) {
		o = verdict // the code that runs again turns a status into its error
	}
	for _, a := range r.Attempts {
		if o |= rc.nodeOutcome(a); o == anything {
			break
		}
	}
	return o
}

// namedCallbacks returns the functions and methods of the package that a
// helper's string callback names, when the helper's library registers
// functions under their own names (library.namesCallbacks); else nil.
func (rc *remoteCheck) namedCallbacks(h *HelperCall) []*funcNode {
	l := h.library()
	if l == nil || !l.namesCallbacks {
		return nil
	}
	tv, ok := rc.pass.TypesInfo.Types[h.Callback]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return nil
	}
	name := constant.StringVal(tv.Value)
	var out []*funcNode
	for _, fn := range rc.res.funcs.list {
		if fn.obj != nil && fn.obj.Name() == name {
			out = append(out, fn)
		}
	}
	return out
}

// remoteCheck answers "may this reach another system" for the functions and
// code of one package, memoized.
type remoteCheck struct {
	pass *analysis.Pass
	res  *Result
	// funcs holds decided functions of any package; nodes, decided
	// functions of this package by declaration or literal.
	funcs map[*types.Func]exposure
	nodes map[*funcNode]exposure
	// open are the functions of this package being walked, by stack depth.
	open  map[*funcNode]int
	depth int
	// openPorts are the methods of other packages' interfaces whose
	// implementations here are being walked (remote_ifaceports.go).
	openPorts map[*types.Func]int
	pkgs      map[*types.Package]bool // importsRoot, memoized
	kb        map[*types.Func]reach   // known, memoized
	refs      []*ast.Ident            // funcRefs, built on first use
	// responses are the package's uses of HTTP responses (readResponses),
	// built on first use.
	responses *responseUses
	// impls index the package's implementations of its interfaces
	// (remote_impls.go), built on first use; vars are its decided func-valued
	// fields and variables.
	impls *implIndex
	vars  map[*types.Var]exposure
	// sentinels are the package's sentinel errors decided by localSentinel,
	// for every region that tests them.
	sentinels map[*types.Var]bool
	// urls decide which requests go to this machine (remote_localhttp.go),
	// made on first use.
	urls *LocalURLs
	// handlers are the handlers handed to serving calls (local_serve.go),
	// found on first use.
	handlers []span
	// stickyConns marks the walk that reads writes on connections as
	// staying in the process (remote_stickyconn.go); sticky is that walk,
	// connWrites whether the package has anything for it.
	stickyConns bool
	sticky      *remoteCheck
	connWrites  *bool
}

func (res *Result) remoteCheck(pass *analysis.Pass) *remoteCheck {
	if res.remote == nil {
		res.remote = newRemoteCheck(pass, res)
	}
	return res.remote
}

// newRemoteCheck returns an empty remoteCheck. One made while the regions are
// being found (poll_pending.go) is thrown away after use: its answers may
// rest on what the regions decide later.
func newRemoteCheck(pass *analysis.Pass, res *Result) *remoteCheck {
	return &remoteCheck{
		pass: pass, res: res,
		funcs: make(map[*types.Func]exposure), nodes: make(map[*funcNode]exposure),
		open: make(map[*funcNode]int), openPorts: make(map[*types.Func]int), pkgs: make(map[*types.Package]bool),
		kb: make(map[*types.Func]reach), sentinels: make(map[*types.Var]bool),
		vars: make(map[*types.Var]exposure),
	}
}

// maxDepth bounds the walk through calls of this package; deeper counts as
// remote (unproven).
const maxDepth = 48

// noOpen is the low mark of a walk that met no function still being walked.
const noOpen = 1 << 30

// valueRemote decides whether a function value may reach another system.
func (rc *remoteCheck) valueRemote(e ast.Expr) bool { return rc.valueOutcome(e).remote() }

// valueOutcome decides a function value: a literal or a named function, or
// one of these wrapped by sync.OnceFunc, OnceValue or OnceValues (the
// wrapper calls it at most once and hands back what it returned).
func (rc *remoteCheck) valueOutcome(e ast.Expr) exposure {
	if f := onceWrapped(rc.pass.TypesInfo, e); f != nil {
		e = f
	}
	if fn := rc.res.funcs.of(rc.pass.TypesInfo, e); fn != nil {
		return rc.root(fn)
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if fn, ok := rc.pass.TypesInfo.Uses[e].(*types.Func); ok {
			return rc.funcOutcome(fn)
		}
	case *ast.SelectorExpr:
		if fn, ok := rc.pass.TypesInfo.Uses[e.Sel].(*types.Func); ok {
			return rc.funcOutcome(fn)
		}
	}
	return anything
}

// onceWrapped returns f of sync.OnceFunc(f), sync.OnceValue(f) or
// sync.OnceValues(f), or nil.
func onceWrapped(info *types.Info, e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	fn := code.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync" || !onceWrappers[fn.Name()] {
		return nil
	}
	return call.Args[0]
}

var onceWrappers = map[string]bool{"OnceFunc": true, "OnceValue": true, "OnceValues": true}

// nodeOutcome decides a piece of code of this package (an attempt call with
// its arguments).
func (rc *remoteCheck) nodeOutcome(n ast.Node) exposure {
	o, _ := rc.walk(n)
	return o
}

// root decides a function of this package from outside any walk.
func (rc *remoteCheck) root(fn *funcNode) exposure {
	o, _ := rc.walkFunc(fn)
	return o
}

// walkFunc decides a function of this package. low is the smallest stack
// depth of a function still being walked that the answer relied on: an
// answer short of anything is final only when it relied on nothing still
// open above the function (the function's own recursion proves nothing).
func (rc *remoteCheck) walkFunc(fn *funcNode) (o exposure, low int) {
	if v, ok := rc.nodes[fn]; ok {
		return v, noOpen
	}
	if d, ok := rc.open[fn]; ok {
		return 0, d
	}
	if fn.body == nil {
		return 0, noOpen // assembly, a linkname, C: out of reach (decide)
	}
	if rc.depth >= maxDepth {
		return anything, noOpen
	}
	rc.depth++
	d := rc.depth
	rc.open[fn] = d
	o, low = rc.walk(fn.body)
	delete(rc.open, fn)
	rc.depth--
	if o == anything || low >= d {
		rc.nodes[fn] = o
		return o, noOpen
	}
	return o, low
}

// walk decides the code under n, nested function literals included (a
// goroutine or a deferred call started by the attempt is part of it): its
// reads of an HTTP status, its references to functions, from the package's
// indexes, and its calls and sends, from a walk of those kinds only. It stops
// once it found anything.
func (rc *remoteCheck) walk(n ast.Node) (o exposure, low int) {
	low = noOpen
	if rc.readsStatus(n) {
		o = verdict
	}
	decide := func(m ast.Node) bool {
		s, l := rc.step(m)
		o, low = o|s, min(low, l)
		return o != anything
	}
	for _, id := range rc.refsIn(n) {
		if !decide(id) {
			return o, low
		}
	}
	code.TreeOf(rc.pass.TypesInfo).Inspect(n, remoteKinds, func(m ast.Node) bool {
		return o != anything && decide(m)
	})
	return o, low
}

// remoteKinds are the nodes of a walk that step decides besides references.
var remoteKinds = []ast.Node{(*ast.CallExpr)(nil), (*ast.SendStmt)(nil)}

// refsIn returns the identifiers under n that refer to a function or to a
// variable holding a literal, in source order. The package's references are
// indexed once from its type information, so a walk need not visit every
// identifier of the code it decides.
func (rc *remoteCheck) refsIn(n ast.Node) []*ast.Ident {
	if rc.refs == nil {
		rc.refs = funcRefs(rc.pass.TypesInfo, rc.res.funcs)
	}
	lo := sort.Search(len(rc.refs), func(i int) bool { return rc.refs[i].Pos() >= n.Pos() })
	hi := sort.Search(len(rc.refs), func(i int) bool { return rc.refs[i].Pos() >= n.End() })
	return rc.refs[lo:hi]
}

// funcRefs lists, sorted by position, the identifiers that step can decide.
func funcRefs(info *types.Info, funcs *funcIndex) []*ast.Ident {
	refs := []*ast.Ident{}
	for id, obj := range info.Uses {
		switch obj := obj.(type) {
		case *types.Func:
			refs = append(refs, id)
		case *types.Var:
			if funcs.byVar[obj] != nil {
				refs = append(refs, id)
			}
		}
	}
	sort.Slice(refs, func(i, j int) bool { return refs[i].Pos() < refs[j].Pos() })
	return refs
}

// step decides one node of a walk: a reference to a function (called or
// handed on: whoever receives it may call it), a call through a value, a
// channel send.
func (rc *remoteCheck) step(n ast.Node) (exposure, int) {
	info := rc.pass.TypesInfo
	if rc.servedPerConnection(n) {
		return 0, noOpen
	}
	switch n := n.(type) {
	case *ast.Ident:
		if fn, ok := info.Uses[n].(*types.Func); ok {
			if o, ok := rc.stickyStep(n, fn); ok {
				return o, noOpen
			}
			if code.IsInterfaceMethod(fn) && onInProcessValue(info, n) {
				return 0, noOpen
			}
			if o, low, ok := rc.paramValuesOutcome(n, fn); ok {
				return o, low // remote_paramvalues.go
			}
			if f := rc.own(fn); f != nil {
				return rc.walkFunc(f)
			}
			if o, low, ok := rc.portOutcome(fn); ok {
				return o, low // remote_ifaceports.go
			}
			if rc.localHTTP(n, fn) || rc.unixDial(n) {
				return 0, noOpen
			}
			if rc.responseUses().body[n] {
				return goesOut, noOpen
			}
			return rc.funcOutcome(fn), noOpen
		}
		if v, ok := info.Uses[n].(*types.Var); ok {
			if lit := rc.res.funcs.byVar[v]; lit != nil {
				return rc.walkFunc(lit)
			}
		}
	case *ast.CallExpr:
		if rc.dynamicCall(n) && !makesListener(info, n) {
			if prm := calledParam(info, n); prm != nil {
				if o, ok := rc.handedFuncs(prm); ok {
					return o, noOpen // remote_paramvalues.go
				}
			}
			return rc.dynamicOutcome(n), noOpen
		}
	case *ast.SendStmt:
		return anything, noOpen
	}
	return 0, noOpen
}

// dynamicCall reports a call that names no function the walk can decide: a
// call through a parameter, a field, a map element or a call's result.
// Conversions, builtins, function literals and variables that hold one
// literal are decided elsewhere (step) or are local; so is an instantiated
// generic function (Callee names it).
func (rc *remoteCheck) dynamicCall(call *ast.CallExpr) bool {
	info := rc.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return false
	}
	if code.Callee(info, call) != nil {
		return false // a named function or method: its identifier is decided
	}
	if isCancelFunc(info.TypeOf(call.Fun)) {
		return false // a context's cancel: it closes channels in this process
	}
	if isClockFunc(info.TypeOf(call.Fun)) {
		return false // an injected clock: it reads the time in this process
	}
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		return false
	case *ast.Ident:
		if v, ok := info.Uses[f].(*types.Var); ok && rc.res.funcs.byVar[v] != nil {
			return false
		}
	}
	return true
}

// isCancelFunc reports whether t is context.CancelFunc or CancelCauseFunc,
// the types of the cancel functions context.WithCancel, WithTimeout,
// WithDeadline and their Cause forms return. Calling one cancels a context
// and its children inside the process (functions registered with
// context.AfterFunc run on their own goroutine, not in the call): it reaches
// no other system, whatever the attempt around it does.
func isCancelFunc(t types.Type) bool {
	return code.IsNamed(t, "context", "CancelFunc") || code.IsNamed(t, "context", "CancelCauseFunc")
}

// isClockFunc reports whether t is a function without parameters whose one
// result is a time.Time: an injected clock (time.Now in production, a fake in
// tests), kept in a field or handed in so that tests can move time. Reading
// it reaches no other system; a deadline check on it before the next write
// is the process's own verdict.
func isClockFunc(t types.Type) bool {
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 1 && code.IsNamed(sig.Results().At(0).Type(), "time", "Time")
}

// own returns the declaration of a function of this package that the walk
// can follow, or nil (another package, an interface method, no body here, or
// a function the knowledge base names).
func (rc *remoteCheck) own(fn *types.Func) *funcNode {
	fn = fn.Origin()
	if fn.Pkg() != rc.pass.Pkg || code.IsInterfaceMethod(fn) || rc.known(fn) != unknownReach {
		return nil
	}
	return rc.res.funcs.byObj[fn]
}

// funcOutcome decides a function of any package.
func (rc *remoteCheck) funcOutcome(fn *types.Func) exposure {
	if f := rc.own(fn); f != nil {
		return rc.root(f)
	}
	fn = fn.Origin()
	if v, ok := rc.funcs[fn]; ok {
		return v
	}
	v := rc.decide(fn)
	if v != 0 && connectionLevel(fn) {
		v = goesOut
	}
	rc.funcs[fn] = v
	return v
}

// decide judges a function the walk does not follow.
func (rc *remoteCheck) decide(fn *types.Func) exposure {
	if servesLocally(fn) || readsErrorChain(fn) || rc.stickyConns && rc.writesOnConnection(fn) {
		return 0
	}
	if k := rc.known(fn); k != unknownReach {
		return whether(k == reachesRemote)
	}
	if code.IsInterfaceMethod(fn) {
		if o, ok := rc.implsOutcome(fn); ok {
			return o
		}
		return whether(!inProcessInterface(fn) && !readsInformerCache(fn) && !isAccessor(fn))
	}
	if fn.Pkg() == nil || fn.Pkg() == rc.pass.Pkg {
		// A declaration without a body: assembly, a linkname, or a C function
		// cgo declares. What it does is out of reach, so it is not shown to
		// leave the process.
		return 0
	}
	if fn.Pkg().Path() == "net" {
		return whether(!netStaysLocal(fn))
	}
	return rc.otherPackage(fn)
}

// RoundStaysLocal reports whether nothing that runs again in the region may
// reach another system: its attempt is local (Remote is false) and so is the
// rest of the code that runs every round (a call whose error the loop drops
// may still be the point of the round: a trigger whose effect a local check
// then reads). A loop's ways out run once and are no part of its round
// (remote_roundway.go).
// A round that receives from a channel, in its own code or in a function of
// the package it calls, hears from another goroutine, which may be anything
// (and may be how the owner stops it): not local.
func (r *Region) RoundStaysLocal() bool { return r.roundLocal }

// roundLocal decides RoundStaysLocal for a region whose attempt is local.
func (rc *remoteCheck) roundLocal(r *Region) bool {
	if r.Body == nil {
		return true
	}
	for _, part := range roundParts(rc.pass.TypesInfo, r) {
		if rc.nodeOutcome(part).remote() || rc.receives(part, map[*funcNode]bool{}) {
			return false
		}
	}
	return true
}

// receives reports whether the code under n, or a function of this package
// it calls, receives from a channel (a receive, a select, a range over a
// channel other than a clock's: a timer or a ticker only waits).
func (rc *remoteCheck) receives(n ast.Node, seen map[*funcNode]bool) bool {
	info, found := rc.pass.TypesInfo, false
	code.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.UnaryExpr:
			found = found || (m.Op == token.ARROW && !code.IsClockChan(info, m.X))
		case *ast.RangeStmt:
			_, isChan := code.Underlying(info, m.X).(*types.Chan)
			found = found || (isChan && !code.IsClockChan(info, m.X))
		case *ast.CallExpr:
			if fn := code.Callee(info, m); fn != nil {
				if f := rc.own(fn); f != nil && f.body != nil && !seen[f] && len(seen) < maxDepth {
					seen[f] = true
					found = found || rc.receives(f.body, seen)
				}
			}
		}
		return !found
	})
	return found
}
