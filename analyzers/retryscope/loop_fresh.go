package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry does the failed attempt again. Some loops look like retries (a failure
// goes round, success leaves) but go round with a different input each time, so
// nothing that failed is done again:
//
//   - a search: each iteration draws a new candidate (a random port, a name or
//     key made from the clock or a random source, fresh random bytes) and stops
//     at the first one that works (rejection sampling, unique-name loops);
//   - a drain: each iteration takes the next value off a channel, a stream (its
//     end is io.EOF), an iterator (a false ok ends the loop) or a read of the
//     next item whose own failure leaves the loop (loop_items.go), and stops
//     at the first one the attempt accepts;
//   - failover over picked targets: each iteration picks a target from a pool,
//     and a failure tells the pool to drop that target (c.deregister(b)), so the
//     next pick is another one (see dropsFailed).
//   - failover over a pool's members: each iteration takes another member off
//     a channel or out of a sync.Pool and never hands a broken one back
//     (loop_pooldrain.go).
//
// Searches and drains are not retries; failover loops are regions marked
// Failover, like loops over a list of replicas. Re-creating the same input on
// each iteration (http.NewRequest with the same arguments, a token fetched
// again) is still a retry, and so is a value that only stamps an attempt (a
// time.Time, a context, a request object that carries a new key: idempotencykey
// reports the last).

// draws are the variables a loop fills anew on each iteration with a value no
// earlier iteration had, with what they were derived into.
type draws struct {
	// random: drawn from a random source (knowledge base: math/rand,
	// crypto/rand, uuid) or a function of the package that draws one.
	random map[types.Object]bool
	// clock: made from time.Now; counts only as text (a name, a key).
	clock map[types.Object]bool
	// received: taken off a channel, a stream or an iterator that the loop
	// leaves once it is exhausted, bytes read from a stream, or the next item
	// of a read whose failure leaves the loop.
	received map[types.Object]bool
}

func (d *draws) empty() bool {
	return len(d.random) == 0 && len(d.clock) == 0 && len(d.received) == 0
}

// searches reports whether every attempt of a check takes an input that the loop
// draws anew on each iteration: going round after a failure tries another
// candidate or value, it does not repeat the attempt.
//
// A loop that waits between its attempts (a sleep, a timer, a backoff) paces
// calls to something that is failing: a search or a rejection sampler goes on
// to the next candidate at once. There a random or clock value taken by the
// attempt is a stamp on a retried operation (send(uuid.NewString(), body)
// with a sleep after each failure: idempotencykey's case), not a candidate;
// only a value received from a source still makes the loop a drain.
func (f *flow) searches(l *loop, c *outcomeCheck) bool {
	if len(c.attempts) == 0 {
		return false
	}
	d := f.drawsIn(l)
	paced := len(f.waits(l)) > 0
	for _, call := range c.attempts {
		if !f.takesDrawn(call, d, paced) && !f.readPassed(l, c, call) {
			return false
		}
	}
	return true
}

// takesDrawn reports whether an argument of call carries a drawn value: any
// received value; a random value as plain data (a number, text, bytes); a clock
// reading only as text. The receiver is not an input here: a connection or
// client taken for each attempt still carries the same request. Only received
// values count when the loop is paced (see searches).
//
// A function literal the attempt is given (a transaction body, an operation
// for a helper to run) is the attempt's own code: a drawn value it captures is
// the attempt's target when it is an argument of a call in the literal that
// may fail (one with an error result: insert(tx, id)), so that the attempt's
// outcome hangs on it. A value the literal only logs, puts in a header or a
// context, or formats into an error (calls without an error result, errors and
// fmt) does not change what is asked.
func (f *flow) takesDrawn(call *ast.CallExpr, d *draws, paced bool) bool {
	for _, a := range call.Args {
		t := f.info.TypeOf(a)
		if t == nil || IsContext(t) {
			continue
		}
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok && f.literalTakesDrawn(lit, d, paced) {
			return true
		}
		if f.dependsOn(a, d.received) {
			return true
		}
		if paced {
			continue
		}
		if plainData(t) && (f.dependsOn(a, d.random) || f.holdsDraw(a, false)) {
			return true
		}
		if textual(t) && (f.dependsOn(a, d.clock) || f.holdsDraw(a, true)) {
			return true
		}
	}
	return false
}

// literalTakesDrawn reports whether a call in the literal that may fail takes a
// drawn value (see takesDrawn).
func (f *flow) literalTakesDrawn(lit *ast.FuncLit, d *draws, paced bool) bool {
	found := false
	code.Inspect(lit.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if MayFail(f.info, call) && f.takesDrawn(call, d, paced) {
			found = true
		}
		return !found
	})
	return found
}

// MayFail reports whether a call is work whose outcome can fail: it has an
// error result, and it does not make or wrap an error (errors, fmt).
func MayFail(info *types.Info, call *ast.CallExpr) bool {
	_, fallible := code.ErrorResult(info, call)
	return fallible && isAttempt(info, call, nil)
}

// drawsIn collects the loop's draws, closed over the assignments in the loop.
func (f *flow) drawsIn(l *loop) *draws {
	if f.drawsOf == nil {
		f.drawsOf = make(map[*loop]*draws)
	}
	if d, ok := f.drawsOf[l]; ok {
		return d
	}
	var random, clock, received []types.Object
	walkBody(f.info, f.fn.body, []ast.Node{(*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		if !l.contains(n.Pos()) {
			return true
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				return true
			}
			lhs := make([]types.Object, len(n.Lhs))
			for i, e := range n.Lhs {
				lhs[i] = lhsObj(f.info, e)
			}
			if len(n.Rhs) == 1 {
				rhs := ast.Unparen(n.Rhs[0])
				if u, ok := rhs.(*ast.UnaryExpr); ok && u.Op == token.ARROW && lhs[0] != nil {
					received = append(received, lhs[0]) // v := <-ch, v, ok := <-ch
				}
				if call, ok := rhs.(*ast.CallExpr); ok && len(lhs) > 1 {
					if f.exhausts(l, call, lhs) {
						received = appendNew(received, valuesOf(lhs)...)
					}
					received = appendNew(received, f.nextItem(l, call, lhs)...) // loop_items.go
				}
			}
			for i, o := range lhs {
				if o == nil || i >= len(n.Rhs) && len(n.Rhs) != 1 {
					continue
				}
				rhs := n.Rhs[min(i, len(n.Rhs)-1)]
				if !isValue(o) {
					continue
				}
				if f.holdsDraw(rhs, false) {
					random = append(random, o)
				} else if f.holdsDraw(rhs, true) {
					clock = append(clock, o)
				}
			}
		case *ast.CallExpr:
			// io.ReadFull(r, buf), rand.Read(buf): the buffer holds new bytes.
			if bufs := f.filled(n); len(bufs) > 0 {
				if f.drawCall(n, false) {
					random = appendNew(random, bufs...)
				} else {
					received = appendNew(received, bufs...)
				}
			}
		}
		return true
	})
	d := &draws{random: f.closure(l, random), clock: f.closure(l, clock), received: f.closure(l, received)}
	f.drawsOf[l] = d
	return d
}

func (f *flow) closure(l *loop, seeds []types.Object) map[types.Object]bool {
	out := make(map[types.Object]bool)
	if len(seeds) == 0 {
		return out
	}
	for _, o := range f.derived(l, seeds) {
		out[o] = true
	}
	return out
}

// exhausts reports whether a call made in the loop hands out the next value of
// a source: the loop leaves when its error is io.EOF, or when one of its bool
// results is false (v, ok := q.next()) and the callee, a method of this
// package, takes the value out of its receiver (a getter with an ok returns the
// same value again). Either way it asks for nothing in particular (no arguments
// but constants and contexts: a lookup by key returns the same value again).
func (f *flow) exhausts(l *loop, call *ast.CallExpr, lhs []types.Object) bool {
	if !f.asksNothing(call) {
		return false
	}
	var flags, errs []types.Object
	for _, o := range lhs {
		if o == nil {
			continue
		}
		if b, ok := o.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			flags = append(flags, o)
		} else if isErrorType(o.Type()) {
			errs = append(errs, o)
		}
	}
	if len(valuesOf(lhs)) == 0 || len(flags)+len(errs) == 0 {
		return false
	}
	consumes := f.consumes(call)
	none := func(*cfg.Block) *outcomeCheck { return nil }
	for b, cond := range f.conditions(l) {
		ended := consumes && mentions(f.info, cond, flags) && !mentions(f.info, cond, errs)
		ended = ended || (mentions(f.info, cond, errs) && f.mentionsEOF(cond))
		if !ended {
			continue
		}
		for _, s := range b.Succs {
			if f.alwaysLeaves(l, s, none) {
				return true
			}
		}
	}
	return false
}

// asksNothing reports whether a call's arguments are only constants, nils
// and contexts.
func (f *flow) asksNothing(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if t := f.info.TypeOf(a); t != nil && IsContext(t) {
			continue
		}
		if tv, ok := f.info.Types[a]; ok && (tv.Value != nil || tv.IsNil()) {
			continue
		}
		return false
	}
	return true
}

// consumes reports whether a call is a method of this package that changes its
// receiver's state or receives from a channel: q.buffer = q.buffer[1:].
func (f *flow) consumes(call *ast.CallExpr) bool {
	fn := code.Callee(f.info, call)
	if fn == nil {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	node := f.res.funcs.byObj[fn.Origin()]
	if sig == nil || sig.Recv() == nil || node == nil || node.body == nil {
		return false
	}
	decl, ok := node.node.(*ast.FuncDecl)
	if !ok || decl.Recv == nil || len(decl.Recv.List) == 0 || len(decl.Recv.List[0].Names) == 0 {
		return false
	}
	recv := f.info.Defs[decl.Recv.List[0].Names[0]]
	if recv == nil {
		return false
	}
	onRecv := func(e ast.Expr) bool {
		switch ast.Unparen(e).(type) {
		case *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
			return code.Root(f.info, e, code.ThroughIndex) == recv
		}
		return false
	}
	found := false
	walkBody(f.info, node.body, []ast.Node{(*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.UnaryExpr)(nil)}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				found = found || onRecv(lhs)
			}
		case *ast.IncDecStmt:
			found = found || onRecv(n.X)
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		}
		return !found
	})
	return found
}

func (f *flow) mentionsEOF(e ast.Expr) bool {
	found := false
	code.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if code.IsObject(f.info.Uses[id], "io", "EOF") {
				found = true
			}
		}
		return !found
	})
	return found
}

// valuesOf returns the results that are values, not flags or errors.
func valuesOf(lhs []types.Object) []types.Object {
	var out []types.Object
	for _, o := range lhs {
		if o != nil && isValue(o) {
			out = append(out, o)
		}
	}
	return out
}

func isValue(o types.Object) bool {
	if isErrorType(o.Type()) {
		return false
	}
	b, ok := o.Type().Underlying().(*types.Basic)
	return !ok || b.Kind() != types.Bool
}

// filled returns the byte-slice variables a call fills with new bytes: the
// buffer of a random source (rand.Read(buf)) or of a read from a stream
// (io.ReadFull(r, buf), r.Read(buf)).
func (f *flow) filled(call *ast.CallExpr) []types.Object {
	var bufs []types.Object
	reader := f.drawCall(call, false)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Read" {
		if s := f.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal && types.Implements(s.Recv(), ioReader) {
			reader = true
		}
	}
	for _, a := range call.Args {
		t := f.info.TypeOf(a)
		if t == nil {
			continue
		}
		if isByteSlice(t) {
			if id := identOf(a); id != nil {
				if v, ok := f.info.Uses[id].(*types.Var); ok {
					bufs = append(bufs, v)
				}
			}
			continue
		}
		if !code.IsNil(f.info, a) && types.Implements(t, ioReader) {
			reader = true
		}
	}
	if !reader {
		return nil
	}
	return bufs
}

// holdsDraw reports whether e calls a draw (random, or the clock when clock is
// set; fresh.go).
func (f *flow) holdsDraw(e ast.Expr, clock bool) bool {
	return f.res.FreshIn(e)&drawKind(clock) != 0
}

// drawCall reports whether a call returns a random value (clock false) or reads
// the clock (clock true), itself or one level down (fresh.go).
func (f *flow) drawCall(call *ast.CallExpr, clock bool) bool {
	return f.res.FreshCall(call)&drawKind(clock) != 0
}

func drawKind(clock bool) Fresh {
	if clock {
		return FreshClock
	}
	return FreshRandom
}

var ioReader = types.NewInterfaceType([]*types.Func{
	types.NewFunc(token.NoPos, nil, "Read", types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewVar(token.NoPos, nil, "p", types.NewSlice(types.Typ[types.Byte]))),
		types.NewTuple(types.NewVar(token.NoPos, nil, "n", types.Typ[types.Int]), types.NewVar(token.NoPos, nil, "err", types.Universe.Lookup("error").Type())),
		false)),
}, nil).Complete()

func isByteSlice(t types.Type) bool {
	if t == nil {
		return false
	}
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// textual: a string or bytes, what a name or key is made of.
func textual(t types.Type) bool {
	if t == nil {
		return false
	}
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Info()&types.IsString != 0
	}
	return isByteSlice(t)
}

// plainData: a number, text, bytes, or a math/big number: a candidate value, not
// a request or a handle that merely carries one.
func plainData(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsNumeric|types.IsString) != 0
	case *types.Slice:
		return plainData(u.Elem())
	case *types.Array:
		return plainData(u.Elem())
	case *types.Pointer:
		n, ok := u.Elem().(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "math/big"
	}
	return false
}

// dropsFailed reports whether a loop picks its target from a source on each
// iteration (b := c.leastLoaded()) and, on every way from a failure back to the
// header, has the source drop that target (c.deregister(b), delete(c.conns,
// b)), but not on the way out after success: the next iteration tries another
// target, which is failover. A target dropped after some failures only (a
// stale pooled connection, then the same request again) is a retry.
func (f *flow) dropsFailed(l *loop, checks []*outcomeCheck) bool {
	picks := f.picks(l)
	if len(picks) == 0 {
		return false
	}
	for _, c := range checks {
		for _, call := range c.attempts {
			for p, sources := range picks {
				if !mentions(f.info, call, []types.Object{p}) {
					continue
				}
				if f.dropsOn(l, c.failure(), p, sources, true) && !f.dropsOn(l, c.success(), p, sources, false) {
					return true
				}
			}
		}
	}
	return false
}

// picks maps a variable assigned in the loop from a call to the variables the
// call picks from: its receiver's root, and its arguments' roots.
func (f *flow) picks(l *loop) map[types.Object][]types.Object {
	out := make(map[types.Object][]types.Object)
	walkBody(f.info, f.fn.body, assignStmtKinds, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || !l.contains(as.Pos()) || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		p := lhsObj(f.info, as.Lhs[0])
		if p == nil || !isValue(p) {
			return true
		}
		var sources []types.Object
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if s := f.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
				if o := code.Root(f.info, sel.X, code.ThroughIndex); o != nil {
					sources = append(sources, o)
				}
			}
		}
		for _, a := range call.Args {
			if o := code.Root(f.info, a, code.ThroughIndex); o != nil {
				sources = append(sources, o)
			}
		}
		if len(sources) > 0 {
			out[p] = appendNew(out[p], sources...)
		}
		return true
	})
	return out
}

// dropsOn reports whether the code from start hands p back to one of its
// sources (see drops) on every way back to the loop's header (always) or on
// some way on, to the header or out of the loop (!always).
func (f *flow) dropsOn(l *loop, start *cfg.Block, p types.Object, sources []types.Object, always bool) bool {
	seen := map[*cfg.Block]bool{}
	var visit func(b *cfg.Block) bool // reports whether a drop was found on the way (always: on every way)
	visit = func(b *cfg.Block) bool {
		if b == l.header {
			return false
		}
		if !l.holds(b) {
			return always // left the loop: no target is tried again
		}
		if seen[b] {
			return always
		}
		seen[b] = true
		if f.blockDrops(b, p, sources) {
			return true
		}
		for _, s := range b.Succs {
			if visit(s) != always {
				return !always
			}
		}
		return always
	}
	return visit(start)
}

func (f *flow) blockDrops(b *cfg.Block, p types.Object, sources []types.Object) bool {
	found := false
	for _, n := range b.Nodes {
		code.Inspect(n, func(m ast.Node) bool {
			if _, ok := m.(*ast.FuncLit); ok {
				return false
			}
			if call, ok := m.(*ast.CallExpr); ok && f.drops(call, p, sources) {
				found = true
			}
			return !found
		})
	}
	return found
}

func (f *flow) drops(call *ast.CallExpr, p types.Object, sources []types.Object) bool {
	fromSource := func(e ast.Expr) bool {
		o := code.Root(f.info, e, code.ThroughIndex)
		if o == nil || o == p {
			return false
		}
		for _, s := range sources {
			if s == o {
				return true
			}
		}
		return false
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "delete" && len(call.Args) == 2 {
		if _, builtin := f.info.Uses[id].(*types.Builtin); builtin {
			return fromSource(call.Args[0]) && mentions(f.info, call.Args[1], []types.Object{p})
		}
	}
	fn := code.Callee(f.info, call)
	if fn == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return false
	}
	on := false
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sig.Recv() != nil {
		on = fromSource(sel.X)
	}
	for _, a := range call.Args {
		on = on || fromSource(a)
	}
	if !on {
		return false
	}
	for i, a := range call.Args {
		if i >= sig.Params().Len() || (sig.Variadic() && i >= sig.Params().Len()-1) {
			break
		}
		if id := identOf(a); id != nil && f.info.Uses[id] == p && types.Identical(sig.Params().At(i).Type(), p.Type()) {
			return true
		}
	}
	return false
}
