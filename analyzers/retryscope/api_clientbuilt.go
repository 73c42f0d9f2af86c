package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/rules"
)

// findClientConstructors adds the self-retrying clients a function of the
// package builds and returns (func NewClient(o opts) *retryablehttp.Client):
// a constructor hands its client to callers that are often in other
// packages, so no call of the client is in sight, yet the wait the
// constructor chose is the one every caller's request retries by. Only the
// wait is judged here: the attempt count of a client that leaves the function
// may still be changed by its caller. A client the function did not build (a
// parameter, a field) is out of sight and left out.
func findClientConstructors(pass *analysis.Pass, res *Result) {
	if allStd(pass.Pkg) {
		return
	}
	for _, fn := range res.funcs.list {
		if fn.body == nil || !returnsClient(pass.TypesInfo, res, fn) {
			continue
		}
		walkBody(pass.TypesInfo, fn.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
			for _, r := range n.(*ast.ReturnStmt).Results {
				if cr := builtClient(pass, res, fn, r); cr != nil && !res.jitterJudged(cr.Policy.JitterAt) {
					res.ClientRetries = append(res.ClientRetries, cr)
				}
			}
			return true
		})
	}
}

// returnsClient reports whether one of the function's results is a client of
// a family the registry reads.
func returnsClient(info *types.Info, res *Result, fn *funcNode) bool {
	if fn.typ == nil || fn.typ.Results == nil {
		return false
	}
	for _, f := range fn.typ.Results.List {
		if _, e := res.clientFamily(info.TypeOf(f.Type)); e != nil {
			return true
		}
	}
	return false
}

// builtClient reads a returned client built in view and returns its
// configuration when the wait it chose grows without jitter.
func builtClient(pass *analysis.Pass, res *Result, fn *funcNode, ret ast.Expr) *ClientRetry {
	m, e := res.clientFamily(pass.TypesInfo.TypeOf(ret))
	if e == nil {
		return nil
	}
	l := clientLibraries[e.Family]
	s := &settingsWalk{info: pass.TypesInfo, encl: fn, seen: map[ast.Node]bool{}, seenVar: map[types.Object]bool{}, funcLits: true}
	s.expr(ret, 0)
	if !constructed(s.out, clientModules(l, m)) {
		return nil
	}
	// The client's construction stands in for a call: the library reads the
	// settings, not the operation.
	h := &HelperCall{Call: &ast.CallExpr{Fun: ret, Lparen: ret.End(), Rparen: ret.End()}, Func: m, Settings: s.out}
	p := &Policy{}
	r := &policyReader{info: pass.TypesInfo, res: res, encl: fn, h: h, p: p, pkg: m.Pkg().Path()}
	l.read(r)
	p.settle()
	_, on := p.clientAttempts(e.Attempts)
	if !maybeRetries(p, on) || !chosenNoJitter(p) {
		return nil
	}
	jitterOnly := &Policy{Family: p.Family, Shape: p.Shape, WaitAt: p.WaitAt, Jitter: p.Jitter, JitterAt: p.JitterAt}
	return &ClientRetry{Call: h.Call, Name: e.Name + " client", Policy: jitterOnly, lib: l, h: h}
}

// clientFamily returns a method of the type the knowledge base lists as a
// self-retrying call of a family the registry reads, and its entry.
func (res *Result) clientFamily(t types.Type) (*types.Func, *rules.SelfRetrying) {
	if t == nil || types.IsInterface(t) {
		return nil, nil
	}
	if _, isPtr := t.(*types.Pointer); !isPtr {
		t = types.NewPointer(t)
	}
	ms := types.NewMethodSet(t)
	for i := range ms.Len() {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || m.Pkg() == nil {
			continue
		}
		if e := res.selfRetrying(m); e != nil && e.ClientArg == nil && clientLibraries[e.Family] != nil {
			return m, e
		}
	}
	return nil, nil
}

// jitterJudged reports whether a client call already carries the setting.
func (res *Result) jitterJudged(at ast.Node) bool {
	for _, c := range res.ClientRetries {
		if c.Policy.JitterAt == at {
			return true
		}
	}
	return false
}
