package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Failover reports whether a loop region tries a different target on each
// iteration rather than the same call again: see Region.Failover.
func Failover(_ *types.Info, r *Region) bool { return r.Failover }

// failover decides Region.Failover: the loop ranges over a collection (or counts
// through one) and some attempt uses the element, directly or through variables
// derived from it (for _, addr := range addrs { dial(addr) }; node := nodes[i];
// node.Ping()). Such loops move on to the next replica at once by design.
func (f *flow) failover(l *loop, attempts []*ast.CallExpr) bool {
	var seeds []types.Object
	switch s := l.stmt.(type) {
	case *ast.RangeStmt:
		if t := f.info.TypeOf(s.X); t == nil || code.IsInteger(t) {
			// for i := range n: i is a counter; only an element it selects
			// (clients[(cur+i)%n]) is another target on each round.
			// for range n with n := len(hosts): each element once, as below.
			return t != nil && (f.indexesByCounter(l, attempts) || f.usesElements(l, attempts, f.indexedElements(l)) ||
				f.triesEachOf(l, attempts, f.lengthOf(s.X)) || f.roundRobins(l, attempts, s.X))
		}
		for _, e := range []ast.Expr{s.Key, s.Value} {
			if o := lhsObj(f.info, e); o != nil {
				seeds = append(seeds, o)
			}
		}
	case *ast.ForStmt:
		if f.indexesByCounter(l, attempts) {
			return true // dial(hosts[i])
		}
		// A number stepped with ++ that the attempt takes is usually the attempt
		// number (send(try) under a ctx bound), not a target: only elements of a
		// collection and iterators count.
		seeds = f.indexedElements(l)
		seeds = append(seeds, iterated(f.info, s)...)
		if f.triesEachOf(l, attempts, f.lengthOf(countedSide(s.Cond))) || f.roundRobins(l, attempts, countedSide(s.Cond)) {
			return true // for tried < len(hosts) { send(hosts[cur]) }; for i < p.Size() { send(p.pick()) }
		}
	}
	return f.usesElements(l, attempts, seeds)
}

// triesEachOf reports whether a loop that runs as many rounds as list has
// elements makes its attempt on an element of list that may be another one
// on each round: directly (send(hosts[k])) or through a variable the loop
// fills from one (t := hosts[k]; t.Send()). Each element is tried about once.
func (f *flow) triesEachOf(l *loop, attempts []*ast.CallExpr, list ast.Expr) bool {
	return list != nil && (f.indexesList(l, attempts, list) || f.usesElements(l, attempts, f.elementsOf(l, list)) ||
		f.handsIndexInto(l, attempts, list)) // loop_failover_handedindex.go
}

// usesElements reports whether some attempt uses one of seeds or a variable
// derived from them in the loop.
func (f *flow) usesElements(l *loop, attempts []*ast.CallExpr, seeds []types.Object) bool {
	if len(seeds) == 0 {
		return false
	}
	elems := f.derived(l, seeds)
	for _, call := range attempts {
		if mentions(f.info, call, elems) {
			return true
		}
	}
	return false
}

// iterated returns the variables a for statement's post statement moves to the
// next value (b = b.next, it = next()): an iterator, not an attempt counter.
func iterated(info *types.Info, s *ast.ForStmt) []types.Object {
	as, ok := s.Post.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN {
		return nil
	}
	var out []types.Object
	for _, lhs := range as.Lhs {
		if o := lhsObj(info, lhs); o != nil {
			out = append(out, o)
		}
	}
	return out
}

// indexedElements returns the variables a counted loop fills from a collection
// indexed by a loop-variant number (node := nodes[i]) or from one the loop
// consumes (a := addrs[0]; addrs = addrs[1:]) or takes off a queue (e :=
// q.Front(); q.Remove(e): loop_listqueue.go), plus nothing else: a
// counter passed to the attempt as an attempt number is not a target.
func (f *flow) indexedElements(l *loop) []types.Object {
	variant := f.variant(l)
	var out []types.Object
	for obj, rhss := range f.assignsIn(l) {
		for _, rhs := range rhss {
			if ix, ok := ast.Unparen(rhs).(*ast.IndexExpr); ok && (f.movesWith(l, ix.Index, variant) || f.consumed(l, ix.X)) {
				out = appendNew(out, obj)
			}
			if f.takenFromList(l, obj, rhs) {
				out = appendNew(out, obj)
			}
		}
	}
	return out
}

// indexesByCounter reports whether an attempt indexes a collection by a number
// the loop changes: dial(hosts[i]), m.batches[m.index].Read(); or slices one
// by such a number, a search over its prefixes (lookup(parts[:len(parts)-i])).
func (f *flow) indexesByCounter(l *loop, attempts []*ast.CallExpr) bool {
	for _, call := range attempts {
		if f.indexedByCounter(l, call) {
			return true
		}
	}
	return false
}

// indexedByCounter reports whether n indexes or slices a collection by a
// number the loop changes (see indexesByCounter).
func (f *flow) indexedByCounter(l *loop, n ast.Node) bool {
	variant := f.variant(l)
	found := false
	code.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			// hosts[i], m.batches[m.index], addrs[0] with addrs = addrs[1:]
			found = f.movesWith(l, n.Index, variant) || f.usesVariantField(l, n.Index) || f.consumed(l, n.X)
		case *ast.SliceExpr:
			for _, bound := range []ast.Expr{n.Low, n.High} {
				found = found || bound != nil && f.movesWith(l, bound, variant)
			}
		}
		return !found
	})
	return found
}

// movesWith reports whether an index depends on a variable the loop changes
// and is not pinned to one value by its arithmetic: (cur+i)%n and a local
// idx := start+i move on, i%1 and i*0 do not.
func (f *flow) movesWith(l *loop, index ast.Expr, variant map[types.Object]bool) bool {
	return f.dependsOn(index, variant) && !f.pinned(l, index, 0)
}

// pinned reports whether e, read through the loop's own single assignments of
// local variables, is a remainder by 1 or a product by 0.
func (f *flow) pinned(l *loop, e ast.Expr, depth int) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.REM:
			return constIs(f.info, e.Y, 1) || constIs(f.info, e.Y, -1)
		case token.MUL:
			return constIs(f.info, e.X, 0) || constIs(f.info, e.Y, 0)
		}
	case *ast.Ident:
		if rhss := f.assignsIn(l)[f.info.Uses[e]]; len(rhss) == 1 && rhss[0] != nil && depth < 4 {
			return f.pinned(l, rhss[0], depth+1)
		}
	}
	return false
}

// usesVariantField reports whether e reads a field the loop changes (m.index).
func (f *flow) usesVariantField(l *loop, e ast.Expr) bool {
	found := false
	code.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if k := fieldKey(f.info, sel); k != "" && f.variantFields(l)[k] {
				found = true
			}
		}
		return !found
	})
	return found
}

// derived closes seeds over assignments in the loop whose right side uses them.
func (f *flow) derived(l *loop, seeds []types.Object) []types.Object {
	set := make(map[types.Object]bool)
	for _, o := range seeds {
		set[o] = true
	}
	assigns := f.assignsIn(l)
	for obj, rhss := range f.elementStores(l) {
		assigns[obj] = append(assigns[obj], rhss...)
	}
	for changed := true; changed; {
		changed = false
		for obj, rhss := range assigns {
			if set[obj] {
				continue
			}
			for _, rhs := range rhss {
				if rhs != nil && f.dependsOn(rhs, set) {
					set[obj], changed = true, true
					break
				}
			}
		}
	}
	out := make([]types.Object, 0, len(set))
	for o := range set {
		out = append(out, o)
	}
	return out
}

// elementStores maps a map, slice or struct variable to the values the loop stores
// into it (cfg["port"] = port, req.Host = host).
func (f *flow) elementStores(l *loop) map[types.Object][]ast.Expr {
	out := make(map[types.Object][]ast.Expr)
	walkBody(f.info, f.fn.body, assignStmtKinds, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || !l.contains(as.Pos()) || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			switch ast.Unparen(lhs).(type) {
			case *ast.IndexExpr, *ast.SelectorExpr:
				if o := code.Root(f.info, lhs, code.ThroughIndex); o != nil {
					out[o] = append(out[o], as.Rhs[i])
				}
			}
		}
		return true
	})
	return out
}

// consumed reports whether e is a slice, a variable or a field, the loop
// shortens from the front (addrs = addrs[1:], p.idle = p.idle[1:]): its first
// element is another one on each iteration.
func (f *flow) consumed(l *loop, e ast.Expr) bool {
	root := code.Root(f.info, e, code.ThroughIndex)
	if _, ok := root.(*types.Var); !ok {
		return false
	}
	if t := f.info.TypeOf(e); t == nil {
		return false
	} else if _, ok := t.Underlying().(*types.Slice); !ok {
		return false
	}
	text := types.ExprString(ast.Unparen(e))
	found := false
	walkBody(f.info, f.fn.body, assignStmtKinds, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || !l.contains(as.Pos()) || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			s, ok := ast.Unparen(as.Rhs[i]).(*ast.SliceExpr)
			if ok && s.Low != nil && types.ExprString(ast.Unparen(lhs)) == text &&
				types.ExprString(ast.Unparen(s.X)) == text && code.Root(f.info, lhs, code.ThroughIndex) == root {
				found = true
			}
		}
		return !found
	})
	return found
}

// countedSide returns the side of a for condition that bounds the count
// (tried < n, n > tried), or nil.
func countedSide(cond ast.Expr) ast.Expr {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	switch b.Op {
	case token.LSS, token.LEQ:
		return b.Y
	case token.GTR, token.GEQ:
		return b.X
	}
	return nil
}

// lengthOf returns the collection whose length a loop bound is (len(c.hosts)),
// read directly or through a local variable set once, to that length, and
// never again (n := len(c.hosts); for i := 0; i < n; i++), or nil. A loop
// that counts up to the number of elements and reads one element per round,
// at an index that moves on, tries each element once: a failover, whatever
// moves the index on (the counter, a method that advances a current-host
// field, a round-robin counter).
func (f *flow) lengthOf(bound ast.Expr) ast.Expr {
	call, ok := ast.Unparen(f.soleValue(bound)).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if b, ok := f.info.Uses[code.NameIdent(call.Fun)].(*types.Builtin); !ok || b.Name() != "len" {
		return nil
	}
	return ast.Unparen(call.Args[0])
}

// soleValue returns a loop bound read through a local variable set once and
// never again (n := len(c.hosts)): its value; the bound itself when it is no
// local variable; nil for a local set more than once.
func (f *flow) soleValue(bound ast.Expr) ast.Expr {
	if bound == nil {
		return nil
	}
	if v := code.VarOf(f.info, bound); v != nil && isLocal(v) {
		d, ok := code.SoleDef(f.info, v)
		if !ok || !d.Replaces() || d.Value == nil {
			return nil
		}
		return d.Value
	}
	return bound
}

// isLocal reports whether v is a variable of a function, not a field or a
// package-level variable.
func isLocal(v *types.Var) bool {
	return !v.IsField() && v.Pkg() != nil && v.Parent() != nil && v.Parent() != v.Pkg().Scope()
}

// elementOf reports whether ix reads the collection at an index that may
// pick another element on each round (c.hosts[c.current] with c.next() in the
// loop, not c.hosts[0] nor hosts[k] with k set before the loop).
func (f *flow) elementOf(l *loop, ix *ast.IndexExpr, list ast.Expr) bool {
	return types.ExprString(ast.Unparen(ix.X)) == types.ExprString(list) && f.indexMoves(l, ix.Index, 0)
}

// indexesList reports whether an attempt indexes the collection.
func (f *flow) indexesList(l *loop, attempts []*ast.CallExpr, list ast.Expr) bool {
	found := false
	for _, call := range attempts {
		code.Inspect(call, func(n ast.Node) bool {
			if ix, ok := n.(*ast.IndexExpr); ok && f.elementOf(l, ix, list) {
				found = true
			}
			return !found
		})
	}
	return found
}

// elementsOf returns the variables the loop fills from an element of the
// collection (host := c.hosts[c.current]).
func (f *flow) elementsOf(l *loop, list ast.Expr) []types.Object {
	var out []types.Object
	for obj, rhss := range f.assignsIn(l) {
		for _, rhs := range rhss {
			if ix, ok := ast.Unparen(rhs).(*ast.IndexExpr); ok && f.elementOf(l, ix, list) {
				out = appendNew(out, obj)
			}
		}
	}
	return out
}

// indexMoves reports whether an index may take another value on each round.
// Read through the loop's own single assignments of local variables, it does
// when it depends on a variable the loop changes (the counter), reads a field
// the loop writes or hands to a call (c.next() moves c.current), reads a
// package-level variable (any call may set it), or calls a function
// (atomic.AddUint64(&b.next, 1) % n, b.nextIndex()), unless its arithmetic
// pins it (i % 1). An index made of constants, of locals the loop does not
// set, of conversions and len, and of fields nothing in the loop touches is
// the same on every round.
func (f *flow) indexMoves(l *loop, index ast.Expr, depth int) bool {
	if f.info.Types[index].Value != nil || f.pinned(l, index, 0) {
		return false
	}
	variant, assigns := f.variant(l), f.assignsIn(l)
	moves := false
	code.Inspect(index, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, ok := f.info.Types[n.Fun]; ok && tv.IsType() {
				return true // a conversion
			}
			if _, ok := f.info.Uses[code.NameIdent(n.Fun)].(*types.Builtin); ok {
				return true // len(hosts)
			}
			moves = true
		case *ast.SelectorExpr:
			if s := f.info.Selections[n]; s != nil && s.Kind() == types.FieldVal {
				moves = f.variantFields(l)[fieldKey(f.info, n)] || f.handedToCall(l, code.Root(f.info, n, code.ThroughIndex))
			}
		case *ast.Ident:
			v, ok := f.info.Uses[n].(*types.Var)
			if !ok || v.IsField() {
				return true
			}
			switch rhss := assigns[v]; {
			case !isLocal(v):
				moves = true // a package's variable: any call may set it
			case variant[v]:
				moves = true
			case len(rhss) == 1 && rhss[0] != nil && depth < 4:
				moves = f.indexMoves(l, rhss[0], depth+1) // idx := next() % n
			case len(rhss) > 0:
				moves = true
			}
		}
		return !moves
	})
	return moves
}

// handedToCall reports whether a call in the loop takes v, or something
// one of its fields, as its receiver or an argument (c.next(), advance(&c.cur)):
// the callee may change v's fields.
func (f *flow) handedToCall(l *loop, v types.Object) bool {
	if v == nil {
		return false
	}
	found := false
	code.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return !found
		}
		operands := call.Args
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			operands = append([]ast.Expr{sel.X}, operands...)
		}
		for _, e := range operands {
			if code.Root(f.info, e, code.ThroughUnary) == v {
				found = true
			}
		}
		return !found
	})
	return found
}

func constIs(info *types.Info, e ast.Expr, n int64) bool {
	v := info.Types[e].Value
	return v != nil && constant.Compare(v, token.EQL, constant.MakeInt64(n))
}
