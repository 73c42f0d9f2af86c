package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A client built only to be handed to another package — as an argument of a
// function that builds something from it, or as a field of a struct declared
// there — belongs to that package from then on: it sets (or documents) the
// deadlines of the requests it sends. The same holds for a client stored in a
// field of interface type that the package never reads. A client that is also
// used to send requests here stays reported.

// handOff reports whether the client expression outer, whose parent is
// parent, is handed over (see above).
func (c *checker) handOff(outer ast.Expr, parent ast.Node) bool {
	if c.handOffOfDefault(parent) {
		return false // defaultreturn.go
	}
	switch p := parent.(type) {
	case *ast.ReturnStmt:
		return c.returnedForHandOff(p, outer)
	case *ast.KeyValueExpr:
		return p.Value == outer && !c.contextFree(c.litOwner(p), p.Key) && c.handOffField(c.fieldOfKey(p))
	case *ast.AssignStmt:
		if i := indexOf(p.Rhs, outer); i >= 0 && len(p.Lhs) == len(p.Rhs) {
			if sel, ok := ast.Unparen(p.Lhs[i]).(*ast.SelectorExpr); ok && c.contextFree(c.info.TypeOf(sel.X), sel.Sel) {
				return false
			}
			return c.boundedByLibrary(outer, p) || c.handOffField(c.fieldOfSel(p.Lhs[i]))
		}
	case *ast.CallExpr:
		return indexOf(p.Args, outer) >= 0 && (c.foreignBuilder(p) || c.outOfReachValue(p))
	}
	return false
}

// Some libraries send with the client of a field requests they build
// without a context (knowledge.http_timeout.context_free_fields: a
// credential provider whose Retrieve calls http.NewRequest): no caller's
// deadline reaches them, so storing a client without Timeout there hands
// nothing over to a library that bounds it.

// contextFree reports whether key names a field of the struct type owner
// that its library sends with and no context (see above).
func (c *checker) contextFree(owner types.Type, key ast.Expr) bool {
	n, id := code.NamedOf(owner), code.NameIdent(key)
	return n != nil && id != nil && c.p.Knowledge.IsContextFreeField(n.Obj(), id.Name)
}

// litOwner returns the type of the struct literal a keyed element belongs to.
func (c *checker) litOwner(kv *ast.KeyValueExpr) types.Type {
	for _, n := range code.TreeOf(c.info).Enclosing(kv) {
		if lit, ok := n.(*ast.CompositeLit); ok {
			return c.info.TypeOf(lit)
		}
	}
	return nil
}

// Some libraries put a deadline on every request they send with the client
// of their configuration (knowledge.http_timeout.bounding_fields: a
// Config.HttpClient whose library wraps each request's context in
// context.WithTimeout(ctx, Config.Timeout), a Timeout its DefaultConfig sets).
// A client without Timeout, http.DefaultClient included, assigned to that
// field of an existing configuration is bounded. A struct literal of the
// configuration is not: its Timeout is zero unless written, and the library
// then adds no deadline.

// boundedByLibrary reports whether the assignment as stores the client
// expression outer in a bounding field of a library's configuration.
func (c *checker) boundedByLibrary(outer ast.Expr, as *ast.AssignStmt) bool {
	i := indexOf(as.Rhs, outer)
	if i < 0 || len(as.Lhs) != len(as.Rhs) || c.fieldOfSel(as.Lhs[i]) == nil {
		return false
	}
	sel := ast.Unparen(as.Lhs[i]).(*ast.SelectorExpr)
	owner := code.NamedOf(c.info.TypeOf(sel.X))
	return owner != nil && c.p.Knowledge.IsBoundingField(owner.Obj(), sel.Sel.Name)
}

// handOffField reports whether storing a client in field f hands it over: f
// belongs to a struct of another package, has an interface type and the
// package never reads it, or every read of it here passes the client on
// (fieldPassedOn).
func (c *checker) handOffField(f *types.Var) bool {
	if f == nil {
		return false
	}
	if f.Pkg() != nil && f.Pkg() != c.p.Pkg {
		return f.Pkg().Path() != "net/http"
	}
	if types.IsInterface(f.Type()) && !c.fieldRead(f) {
		return true
	}
	return c.fieldPassedOn(f)
}

// fieldRead reports whether the package reads field f (any use other than
// an assignment to it).
func (c *checker) fieldRead(f *types.Var) bool {
	read := false
	c.fieldUses(f, func(sel *ast.SelectorExpr, stack []ast.Node) bool {
		if as, ok := parentAt(stack, len(stack)-2).(*ast.AssignStmt); ok && indexOf(as.Lhs, sel) >= 0 {
			return true
		}
		read = true
		return false
	})
	return read
}

// A client stored in a field of the package's own struct leaves the
// package's sends when every read of the field passes it on as for a
// variable (handed over, or returned by a function whose every call passes
// it on) and every other use is a store, a comparison or configuration
// (x.hc.Transport = t): whoever reads the field in another package owns the
// client and sets its deadline. An exported field counts as read there; an
// unexported one needs a read here that passes it on. A field embedded in
// its struct is not followed (its methods are called through the struct),
// and a package main has no other package to read it.

// fieldPassedOn reports whether the package's own field f passes its client
// on at every read (see above).
func (c *checker) fieldPassedOn(f *types.Var) bool {
	if f.Anonymous() || c.p.Pkg.Name() == "main" || !c.enter(f) {
		return false
	}
	defer delete(c.following, f)
	passed, ok := 0, true
	c.fieldUses(f, func(sel *ast.SelectorExpr, stack []ast.Node) bool {
		if c.p.TestCode(sel.Pos()) || c.fieldStoreOrConfig(sel, stack) {
			return true
		}
		if outer, parent := climb(stack); c.handOff(outer, parent) {
			passed++
			return true
		}
		ok = false
		return false
	})
	return ok && (passed > 0 || f.Exported())
}

// fieldStoreOrConfig reports whether the use sel of a client field stores a
// client in it, compares it, reads or sets one of the client's fields, or
// closes its idle connections (which sends nothing).
func (c *checker) fieldStoreOrConfig(sel *ast.SelectorExpr, stack []ast.Node) bool {
	switch p := parentAt(stack, len(stack)-2).(type) {
	case *ast.AssignStmt:
		return indexOf(p.Lhs, sel) >= 0
	case *ast.BinaryExpr:
		return p.Op == token.EQL || p.Op == token.NEQ
	case *ast.SelectorExpr:
		s, ok := c.info.Selections[p]
		return p.X == sel && ok && (s.Kind() == types.FieldVal || p.Sel.Name == "CloseIdleConnections")
	}
	return false
}

// enter marks obj as being followed; false when it already is (a cycle).
func (c *checker) enter(obj types.Object) bool {
	if c.following[obj] {
		return false
	}
	if c.following == nil {
		c.following = make(map[types.Object]bool)
	}
	c.following[obj] = true
	return true
}

// foreignBuilder reports whether call is a function of another package (not
// net/http) that returns something other than errors and responses: it builds
// a value that keeps what it is given.
func (c *checker) foreignBuilder(call *ast.CallExpr) bool {
	fn := code.Callee(c.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.p.Pkg || fn.Pkg().Path() == "net/http" {
		return false
	}
	res := fn.Type().(*types.Signature).Results()
	for i := 0; i < res.Len(); i++ {
		t := res.At(i).Type()
		if !code.IsError(t) && !code.IsNamed(t, "net/http", "Response") && !code.IsNamed(t, "net/http", "Client") {
			return true
		}
	}
	return false
}

// handedOffVar reports whether a local client variable, after its
// construction, is only configured and handed over (at least once).
func (c *checker) handedOffVar(v *types.Var, after token.Pos, body *ast.BlockStmt) bool {
	handed := 0
	ok := c.eachUseAfter(v, after, body, func(id *ast.Ident, stack []ast.Node) bool {
		switch kind, _ := c.useOf(id, stack); kind {
		case useConfig, useTransport, useTimeout:
			return true
		}
		outer, parent := climb(stack)
		handed++
		return c.handOff(outer, parent)
	})
	return ok && handed > 0
}

// A client that a function of the package builds and returns is its callers'
// (issue 12): whoever receives it sets the deadline — a Timeout, or a context
// on each request — as for a client handed to another package. The calls the
// package makes itself are seen, and every one must pass the client on: hand
// it over as above, or return it in turn (its function then decides the same
// way, directly or through a local variable that is only configured, checked
// for nil, handed over or returned). A call whose result the package sends
// with is judged by the test of a client built at the call (sentInline,
// sendsWithDeadline): it passes when every send of the result carries a
// deadline or its caller's context (issue 12 shape 6: a factory's client sent
// under the caller's context was triaged worthless, the same client built
// inline quiet). One send without a context (Get, a request built without one
// or from context.Background()), a store in a field the package sends with
// otherwise, or a function of the package that does so keeps it reported.
// Callers in other packages are out of sight and theirs: a function they can
// call needs no call here, one they cannot needs at least one. Calls in test
// code do not count (a test is a caller like any other). A package main has
// no callers outside: there every call must pass the result on or send it
// bounded.

// returnedForHandOff reports whether the client outer, returned by ret, is
// passed on (see above) at every call of the function that returns it.
func (c *checker) returnedForHandOff(ret *ast.ReturnStmt, outer ast.Expr) bool {
	k := indexOf(ret.Results, outer)
	fd := c.declOfReturn(ret)
	if k < 0 {
		return false
	}
	if fd == nil {
		return c.factoryHandOff(ret, outer)
	}
	fn, _ := c.info.Defs[fd.Name].(*types.Func)
	if fn == nil || !c.enter(fn) {
		return false // a cycle is not followed
	}
	defer delete(c.following, fn)
	n := fn.Type().(*types.Signature).Results().Len()
	seen := 0
	if c.index().escaped[fn] {
		factories, ok := c.factoryValues(fn, k, n)
		if !ok {
			return false // a function value's calls are out of sight
		}
		seen += factories
	}
	outside := c.p.Pkg.Name() != "main" && c.callableOutside(fn)
	for _, s := range c.index().calls[fn] {
		if c.p.TestCode(s.call.Pos()) {
			continue
		}
		seen++
		if !c.resultPassedOn(s, k, n) {
			return false
		}
	}
	return seen > 0 || outside && !c.followingDefault // defaultreturn.go
}

// declOfReturn returns the declaration ret returns from, or nil when ret
// belongs to a function literal.
func (c *checker) declOfReturn(ret *ast.ReturnStmt) *ast.FuncDecl {
	for _, d := range c.decls {
		if d.Body == nil || ret.Pos() < d.Body.Pos() || ret.End() > d.Body.End() {
			continue
		}
		inLit := false
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok && lit.Pos() <= ret.Pos() && ret.End() <= lit.End() {
				inLit = true
			}
			return !inLit
		})
		if inLit {
			return nil
		}
		return d
	}
	return nil
}

// resultPassedOn reports whether result k (of n) of the call at s is passed
// on or sent only bounded (see above): the call is an argument of a builder
// of another package or a result of a return, or used where it is made as a
// client built there would be (sentInline); or its result is assigned to a
// local variable that is only passed on, that gets a Timeout before any
// other use, or that sends only bounded requests.
func (c *checker) resultPassedOn(s callSite, k, n int) bool {
	passed := false
	code.TreeOf(c.info).WalkStack(s.decl, callKinds, func(node ast.Node, stack func() []ast.Node) bool {
		if node != s.call {
			return true
		}
		st := stack()
		outer, parent := climb(st)
		if n == 1 && c.handOff(outer, parent) {
			passed = true
			return false
		}
		if v := c.localResult(parent, k); v != nil {
			timed, _ := c.follow(v, parent.End(), s.decl.Body) // the receiver sets the Timeout
			passed = timed || c.handedOffVar(v, parent.End(), s.decl.Body) ||
				c.sendsWithDeadline(v, parent.End(), s.decl.Body, nil, 0)
			return false
		}
		passed = n == 1 && c.sentInline(outer, st, s.decl.Body)
		return false
	})
	return passed
}

// localResult returns the local variable that result k of the call on the
// right of parent is assigned to, or nil.
func (c *checker) localResult(parent ast.Node, k int) *types.Var {
	as, ok := parent.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || k >= len(as.Lhs) {
		return nil
	}
	if v := code.VarOf(c.info, as.Lhs[k]); v != nil && v.Parent() != c.p.Pkg.Scope() {
		return v
	}
	return nil
}

var callKinds = []ast.Node{(*ast.CallExpr)(nil)}

// A function literal stored in a func-typed field of the package's own
// struct is a factory (Provider{NewHTTP: func() *http.Client {...}}): the
// client it returns is made where the field is called. It is handed over
// when every call of the field outside tests passes its result on, as for a
// function of the package that returns it (resultPassedOn), and the field is
// called here at least once or is exported (its other callers are out of
// sight and theirs). Any other read of the field (copied, passed as a value)
// keeps the client reported.

// factoryHandOff reports whether the client outer, the one result returned
// by ret from a factory literal, is passed on at every call of its field.
func (c *checker) factoryHandOff(ret *ast.ReturnStmt, outer ast.Expr) bool {
	if len(ret.Results) != 1 {
		return false
	}
	lit, parent := enclosingLit(code.TreeOf(c.info).Enclosing(ret))
	if lit == nil {
		return false
	}
	calls, ok := c.factoryFieldHandsOff(c.storedField(lit, parent), 0, 1)
	return ok && calls > 0
}

// factoryFieldHandsOff reports whether every call of the package's own
// func-typed field f outside tests passes result k (of n) on, and how many
// calls count: an exported field counts as called by other packages.
func (c *checker) factoryFieldHandsOff(f *types.Var, k, n int) (int, bool) {
	if f == nil || f.Pkg() != c.p.Pkg || f.Anonymous() || !c.enter(f) {
		return 0, false
	}
	defer delete(c.following, f)
	calls, ok := 0, true
	c.fieldUses(f, func(sel *ast.SelectorExpr, stack []ast.Node) bool {
		parent := parentAt(stack, len(stack)-2)
		if as, isAssign := parent.(*ast.AssignStmt); c.p.TestCode(sel.Pos()) || isAssign && indexOf(as.Lhs, sel) >= 0 {
			return true // a test's factory, or another factory stored (judged where it is built)
		}
		call, isCall := parent.(*ast.CallExpr)
		fd := enclosingDecl(stack)
		ok = isCall && call.Fun == sel && fd != nil && c.resultPassedOn(callSite{call, fd}, k, n)
		calls++
		return ok
	})
	if ok && f.Exported() {
		calls++
	}
	return calls, ok
}

// A function of the package may be the factory itself, named where the
// field is filled (&options{newClient: newHTTPClient}): its client is made
// wherever the field is called, and judged there as for a literal. Every
// use of the function other than a call must store it in such a field; any
// other use as a value (a package variable, an argument) keeps its calls out
// of sight.

// factoryValues reports whether every use of fn as a value outside tests
// stores it in a func-typed field of the package whose every call passes
// result k (of n) on, and how many such calls count.
func (c *checker) factoryValues(fn *types.Func, k, n int) (int, bool) {
	calls, ok := 0, true
	for _, file := range c.p.Files {
		code.TreeOf(c.info).WalkStack(file, identKinds, func(node ast.Node, stack func() []ast.Node) bool {
			id, isID := node.(*ast.Ident)
			if !ok || !isID {
				return ok
			}
			used, _ := c.info.Uses[id].(*types.Func)
			if used == nil || used.Origin() != fn || c.p.TestCode(id.Pos()) {
				return true
			}
			st := stack()
			if callOf(id, st) != nil {
				return true // a call: returnedForHandOff judges it
			}
			outer, parent := climb(st)
			f := c.storedField(outer, parent)
			if _, isFunc := typeUnder(f).(*types.Signature); !isFunc {
				ok = false
				return false
			}
			m, handed := c.factoryFieldHandsOff(f, k, n)
			calls += m
			ok = handed
			return ok
		})
	}
	return calls, ok
}

// typeUnder returns the underlying type of a variable, nil for none.
func typeUnder(v *types.Var) types.Type {
	if v == nil {
		return nil
	}
	return v.Type().Underlying()
}

// enclosingLit returns the innermost function literal of a path of
// enclosing nodes (innermost first) and the node around it.
func enclosingLit(path []ast.Node) (*ast.FuncLit, ast.Node) {
	for i, n := range path {
		if lit, ok := n.(*ast.FuncLit); ok && i+1 < len(path) {
			return lit, path[i+1]
		}
	}
	return nil, nil
}
