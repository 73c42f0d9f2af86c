package checkpointorder

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// write is a dead-letter write found in a handler.
type write struct {
	call *ast.CallExpr
	// async is set for produce calls that return before the broker has the
	// record; waits are the places after it that wait for the delivery report
	// (a channel receive, a call on the returned future, Flush).
	async bool
	waits []ast.Node
	// ignored says why the write's failure goes unnoticed ("" when its error is
	// checked or returned).
	ignored string
}

// wrapper is a function of the package that writes a dead letter.
type wrapper struct {
	fn *types.Func
	// returnsErr is true when the wrapper reports failure through an error result,
	// which its callers must then check.
	returnsErr bool
	// drops says why the wrapper itself loses the write's failure ("" if it does not).
	drops string
}

// deadLetter decides whether a call writes a dead letter: a configured
// dead-letter function, a produce/publish call whose target, receiver or
// arguments are named like a dead-letter destination, a function of the package
// that does one of those, or any error-returning call whose own name or
// receiver is named like one (h.dlq.Send(ctx, m), publishToDLQ(m)).
func (c *checker) deadLetter(call *ast.CallExpr, defs map[types.Object][]ast.Expr, sent ast.Expr) (bool, *wrapper) {
	fn := code.Callee(c.info, call)
	if fn == nil || c.k.IsCheckpoint(fn) {
		return false, nil
	}
	if c.k.IsDeadLetterFunc(fn) {
		return true, nil
	}
	if c.k.IsDeadLetterProduce(fn) {
		return c.targetMatches(call, defs, sent), nil
	}
	if w := c.wrapperOf(fn, 0); w != nil {
		return true, w
	}
	if _, ok := code.ErrorResult(c.info, call); !ok {
		return false, nil
	}
	if c.dlq != nil && c.dlq.MatchString(fn.Name()) {
		return true, nil
	}
	if recv := receiver(c.info, call); recv != nil {
		// The receiver as written, without following its definition: the
		// result of a dead-letter publish (res.Get) is not a write of its own.
		t := &texts{info: c.info, defs: defs, seen: map[types.Object]bool{}}
		t.add(recv, maxDepth)
		return c.matchesAny(t.out), nil
	}
	return false, nil
}

// targetMatches reports whether the receiver or an argument of a produce call
// (or the value sent on the channel it returns: p.Input() <- msg) names a
// dead-letter destination.
func (c *checker) targetMatches(call *ast.CallExpr, defs map[types.Object][]ast.Expr, sent ast.Expr) bool {
	t := &texts{info: c.info, defs: defs, seen: map[types.Object]bool{}}
	t.add(sent, 0)
	if recv := receiver(c.info, call); recv != nil {
		t.add(recv, 0)
	}
	for _, a := range call.Args {
		t.add(a, 0)
	}
	return c.matchesAny(t.out)
}

// wrapperOf returns the analysis of a same-package function that writes a dead
// letter, or nil.
func (c *checker) wrapperOf(fn *types.Func, depth int) *wrapper {
	fn = fn.Origin()
	if fn.Pkg() != c.p.Pkg || depth > 2 {
		return nil
	}
	if w, ok := c.wrappers[fn]; ok {
		return w
	}
	c.wrappers[fn] = nil // recursion guard
	decl := c.declOf(fn)
	if decl == nil || decl.Body == nil {
		return nil
	}
	defs := localDefs(c.info, decl.Body)
	var inner []*ast.CallExpr
	retryscope.WalkBody(c.info, decl.Body, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if ok, _ := c.deadLetterDirect(call, defs, depth); ok {
				inner = append(inner, call)
			}
		}
		return true
	})
	if len(inner) == 0 {
		return nil
	}
	w := &wrapper{fn: fn}
	sig := fn.Type().(*types.Signature)
	if r := sig.Results(); r.Len() > 0 && code.IsError(r.At(r.Len()-1).Type()) {
		w.returnsErr = true
	} else {
		w.drops = c.dropsInside(decl, inner, defs)
	}
	c.wrappers[fn] = w
	return w
}

// deadLetterDirect is deadLetter for the body of a candidate wrapper (the
// name-only rule is left out: inside a wrapper only real writes count).
func (c *checker) deadLetterDirect(call *ast.CallExpr, defs map[types.Object][]ast.Expr, depth int) (bool, *wrapper) {
	fn := code.Callee(c.info, call)
	if fn == nil {
		return false, nil
	}
	if c.k.IsDeadLetterFunc(fn) {
		return true, nil
	}
	if c.k.IsDeadLetterProduce(fn) {
		return c.targetMatches(call, defs, nil), nil
	}
	if w := c.wrapperOf(fn, depth+1); w != nil {
		return true, w
	}
	return false, nil
}

func (c *checker) declOf(fn *types.Func) *ast.FuncDecl {
	for _, f := range c.p.Files {
		if f.Pos() > fn.Pos() || fn.Pos() >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && c.info.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// dropsInside says why a wrapper without an error result loses the failure of
// its dead-letter write: the write's error is ignored, or an asynchronous write
// is not awaited, or the failure path of its check returns normally.
func (c *checker) dropsInside(decl *ast.FuncDecl, inner []*ast.CallExpr, defs map[types.Object][]ast.Expr) string {
	g := retryscope.NewCFG(c.info, decl.Body)
	for _, call := range inner {
		w := c.classify(decl.Body, call, defs, nil)
		if w.async && len(w.waits) == 0 {
			return "is asynchronous and " + decl.Name.Name + " does not wait for its delivery report"
		}
		if w.ignored != "" {
			return "has its error dropped inside " + decl.Name.Name
		}
		if failureReturns(c.info, g, call, defs) {
			return "has its error logged and dropped inside " + decl.Name.Name
		}
	}
	return ""
}

// failureReturns reports whether the failure side of a check of the call's error
// reaches a normal return of the function (rather than panic or exit).
func failureReturns(info *types.Info, g *cfg.CFG, call *ast.CallExpr, defs map[types.Object][]ast.Expr) bool {
	for _, b := range g.Blocks {
		cond := condOf(b)
		if cond == nil {
			continue
		}
		tested, failTrue, ok := retryscope.ErrorTest(info, cond)
		if !ok || !testsCall(info, tested, call, defs) {
			continue
		}
		fail := b.Succs[1]
		if failTrue {
			fail = b.Succs[0]
		}
		if reachesReturn(info, fail) {
			return true
		}
	}
	return false
}

func reachesReturn(info *types.Info, start *cfg.Block) bool {
	seen := map[*cfg.Block]bool{}
	var visit func(b *cfg.Block) bool
	visit = func(b *cfg.Block) bool {
		if seen[b] {
			return false
		}
		seen[b] = true
		if len(b.Succs) == 0 {
			return normalExit(info, b)
		}
		for _, s := range b.Succs {
			if visit(s) {
				return true
			}
		}
		return false
	}
	return visit(start)
}

// testsCall reports whether tested is the call itself or a variable the call
// was assigned to.
func testsCall(info *types.Info, tested ast.Expr, call *ast.CallExpr, defs map[types.Object][]ast.Expr) bool {
	tested = ast.Unparen(tested)
	if tested == call {
		return true
	}
	id, ok := tested.(*ast.Ident)
	if !ok {
		return false
	}
	for _, d := range defs[info.Uses[id]] {
		if ast.Unparen(d) == call {
			return true
		}
	}
	return false
}

// classify works out how a dead-letter write's failure is handled in body.
func (c *checker) classify(body *ast.BlockStmt, call *ast.CallExpr, defs map[types.Object][]ast.Expr, wr *wrapper) *write {
	w := &write{call: call}
	fn := code.Callee(c.info, call)
	if wr != nil && !wr.returnsErr {
		w.ignored = wr.drops
		return w
	}
	if fn != nil && c.k.IsAsyncProduce(fn) {
		w.async = true
		w.waits = c.waitsAfter(body, call, defs)
		if len(w.waits) > 0 && c.reportsIgnored(body, w.waits, defs) {
			w.ignored = "never checks the error of its delivery report"
		}
		return w
	}
	if !c.errorHandled(body, call, defs) {
		w.ignored = "ignores its error"
	}
	return w
}

// reportsIgnored reports whether every wait on an asynchronous write is a call
// whose error result goes unchecked (res.Get(ctx) with the error dropped).
func (c *checker) reportsIgnored(body *ast.BlockStmt, waits []ast.Node, defs map[types.Object][]ast.Expr) bool {
	for _, n := range waits {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		if _, hasErr := code.ErrorResult(c.info, call); !hasErr || c.errorHandled(body, call, defs) {
			return false
		}
	}
	return true
}

// errorHandled reports whether a call's error result is tested against nil or
// returned.
func (c *checker) errorHandled(body *ast.BlockStmt, call *ast.CallExpr, defs map[types.Object][]ast.Expr) bool {
	idx, ok := code.ErrorResult(c.info, call)
	if !ok {
		return false
	}
	errVar := errorVarOf(c.info, body, call, idx)
	handled := false
	retryscope.WalkBody(c.info, body, []ast.Node{(*ast.IfStmt)(nil), (*ast.CaseClause)(nil), (*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		if handled {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if tested, _, ok := retryscope.ErrorTest(c.info, n.Cond); ok && testsCall(c.info, tested, call, defs) {
				handled = true
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if tested, _, ok := retryscope.ErrorTest(c.info, e); ok && testsCall(c.info, tested, call, defs) {
					handled = true
				}
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if ast.Unparen(r) == call || (errVar != nil && mentions(c.info, r, errVar) && r.Pos() > call.End()) {
					handled = true
				}
			}
		}
		return true
	})
	return handled
}

// errorVarOf returns the variable that receives result idx of the call, or nil.
func errorVarOf(info *types.Info, body ast.Node, call *ast.CallExpr, idx int) types.Object {
	var out types.Object
	code.TreeOf(info).Inspect(body, []ast.Node{(*ast.AssignStmt)(nil)}, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || out != nil {
			return out == nil
		}
		if len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call && idx < len(as.Lhs) {
			if id, ok := as.Lhs[idx].(*ast.Ident); ok && id.Name != "_" {
				out = info.Defs[id]
				if out == nil {
					out = info.Uses[id]
				}
			}
		}
		return true
	})
	return out
}

// waitsAfter finds the places after an asynchronous write that wait for its
// delivery report: a channel receive, a call on the value the write returned
// (PublishResult.Get, a future's Ok/Err), or a Flush of the same producer.
func (c *checker) waitsAfter(body *ast.BlockStmt, call *ast.CallExpr, defs map[types.Object][]ast.Expr) []ast.Node {
	var result types.Object
	for v, ds := range defs {
		for _, d := range ds {
			if v != nil && ast.Unparen(d) == call && !code.IsError(v.Type()) {
				result = v
			}
		}
	}
	var recvRoot types.Object
	if r := receiver(c.info, call); r != nil {
		recvRoot = code.Root(c.info, r, code.ThroughIndex|code.ThroughUnary|code.ThroughCall)
	}
	var out []ast.Node
	retryscope.WalkBody(c.info, body, []ast.Node{(*ast.UnaryExpr)(nil), (*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		if n.Pos() < call.End() {
			return true
		}
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				out = append(out, n)
			}
		case *ast.CallExpr:
			r := receiver(c.info, n)
			if r == nil {
				return true
			}
			root := code.Root(c.info, r, code.ThroughIndex|code.ThroughUnary|code.ThroughCall)
			if (result != nil && root == result) || (recvRoot != nil && root == recvRoot && methodName(n) == "Flush") {
				out = append(out, n)
			}
		}
		return true
	})
	return out
}

// condOf returns the condition of a two-way block, or nil.
func condOf(b *cfg.Block) ast.Expr {
	if !b.Live || len(b.Succs) != 2 || len(b.Nodes) == 0 {
		return nil
	}
	if b.Kind == cfg.KindSelectCaseBody || b.Kind == cfg.KindSelectAfterCase {
		return nil
	}
	e, _ := b.Nodes[len(b.Nodes)-1].(ast.Expr)
	return e
}

// normalExit reports whether a block without successors returns (explicitly or
// by falling off the end) rather than panicking or exiting.
func normalExit(info *types.Info, b *cfg.Block) bool {
	if len(b.Nodes) == 0 {
		return true
	}
	if es, ok := b.Nodes[len(b.Nodes)-1].(*ast.ExprStmt); ok {
		if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok {
			return !retryscope.NoReturn(info, call)
		}
	}
	return true
}
