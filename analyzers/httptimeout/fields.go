package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A client stored in a struct field is followed through the package when the
// field is unexported (no other package can reach it): the client needs no
// Timeout when every use of the field sends a request whose context has a
// deadline. A context parameter counts as having one only when the function
// cannot be called from another package and every call in the package passes
// it a context with a deadline.

// pkgIndex is built once per package: the static calls of the package's
// functions, with the function each call lies in, and the functions that are
// used other than by calling them.
type pkgIndex struct {
	calls   map[*types.Func][]callSite
	escaped map[*types.Func]bool
	files   []*ast.File
}

type callSite struct {
	call *ast.CallExpr
	decl *ast.FuncDecl // the declaration the call lies in
}

func (c *checker) index() *pkgIndex {
	if c.idx != nil {
		return c.idx
	}
	idx := &pkgIndex{calls: make(map[*types.Func][]callSite), escaped: make(map[*types.Func]bool), files: c.p.Files}
	for _, f := range c.p.Files {
		for _, d := range f.Decls {
			fd, _ := d.(*ast.FuncDecl)
			code.TreeOf(c.info).WalkStack(d, identKinds, func(n ast.Node, stack func() []ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				fn, ok := c.info.Uses[id].(*types.Func)
				if !ok || c.decls[fn.Origin()] == nil {
					return true
				}
				fn = fn.Origin()
				if call := callOf(id, stack()); call != nil && fd != nil {
					idx.calls[fn] = append(idx.calls[fn], callSite{call, fd})
				} else {
					idx.escaped[fn] = true
				}
				return true
			})
		}
	}
	c.idx = idx
	return idx
}

// callOf returns the call whose callee id names (f(...), x.f(...)), or nil.
func callOf(id *ast.Ident, stack []ast.Node) *ast.CallExpr {
	i := len(stack) - 2
	var fun ast.Node = id
	if sel, ok := parentAt(stack, i).(*ast.SelectorExpr); ok && sel.Sel == id {
		fun = sel
		i--
	}
	if ix, ok := parentAt(stack, i).(*ast.IndexExpr); ok && ix.X == fun {
		fun = ix
		i--
	}
	if call, ok := parentAt(stack, i).(*ast.CallExpr); ok && call.Fun == fun {
		return call
	}
	return nil
}

// deadlineParams returns the context parameters of a function that carry a
// deadline at every call: the function cannot be called from another package
// (or is the XContext of a bounded plain X: variants.go), is not used as a
// value, is called at least once, and each call passes a context that has a
// deadline in the caller (where the caller's own such parameters count).
func (c *checker) deadlineParams(fd *ast.FuncDecl, depth int) map[*types.Var]bool {
	if fd == nil || depth > 3 {
		return nil
	}
	fn, _ := c.info.Defs[fd.Name].(*types.Func)
	idx := c.index()
	if fn == nil || idx.escaped[fn] || len(idx.calls[fn]) == 0 {
		return nil
	}
	variant := c.callableOutside(fn)
	if variant && c.plainSibling(fn) == nil {
		return nil
	}
	params := retryscope.Params(c.info, fd.Type)
	out := make(map[*types.Var]bool)
	for k, prm := range params {
		if prm == nil || !retryscope.IsContext(prm.Type()) {
			continue
		}
		all := true
		for _, cs := range idx.calls[fn] {
			if variant && c.p.TestCode(cs.call.Pos()) {
				continue // a test calling XContext brings its own context, as any caller may
			}
			if len(cs.call.Args) != len(params) || cs.call.Ellipsis.IsValid() ||
				!c.hasDeadline(cs.call.Args[k], c.deadlineParams(cs.decl, depth+1)) {
				all = false
				break
			}
		}
		if all {
			out[prm] = true
		}
	}
	return out
}

// fieldOfKey returns the struct field a keyed composite-literal element sets.
func (c *checker) fieldOfKey(kv *ast.KeyValueExpr) *types.Var {
	id, ok := kv.Key.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := c.info.Uses[id].(*types.Var)
	if v == nil || !v.IsField() {
		return nil
	}
	return v
}

// fieldOfSel returns the struct field a selector denotes.
func (c *checker) fieldOfSel(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s, ok := c.info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	v, _ := s.Obj().(*types.Var)
	return v
}

// fieldUses calls visit for every selector of field f in the package, with
// its stack; it stops when visit returns false.
func (c *checker) fieldUses(f *types.Var, visit func(sel *ast.SelectorExpr, stack []ast.Node) bool) {
	ok := true
	for _, file := range c.p.Files {
		code.TreeOf(c.info).WalkStack(file, []ast.Node{(*ast.SelectorExpr)(nil)}, func(n ast.Node, stack func() []ast.Node) bool {
			if !ok {
				return false
			}
			if sel, isSel := n.(*ast.SelectorExpr); isSel && c.fieldOfSel(sel) == f {
				ok = visit(sel, stack())
			}
			return ok
		})
	}
}

// fieldSendsWithDeadline reports whether an unexported client field is only
// stored, compared, configured, closed, and used to Do requests whose context
// has a deadline. A field used for none of these sends nothing: a client kept
// only to close its idle connections needs no Timeout either.
func (c *checker) fieldSendsWithDeadline(f *types.Var) bool {
	if !c.fieldHidden(f) {
		return false
	}
	sends, ok, idle := 0, true, !f.Anonymous() // an embedded client sends through promoted methods
	c.fieldUses(f, func(sel *ast.SelectorExpr, stack []ast.Node) bool {
		i := len(stack) - 2
		switch p := parentAt(stack, i).(type) {
		case *ast.AssignStmt:
			if indexOf(p.Lhs, sel) >= 0 {
				return true // a store: its value is checked where it is built
			}
			if c.copySendsWithDeadline(p, sel, stack) {
				sends++
				return true
			}
		case *ast.BinaryExpr:
			if p.Op == token.EQL || p.Op == token.NEQ {
				return true
			}
		case *ast.TypeAssertExpr:
			if c.assertedToConfigure(p, stack) {
				return true // fields_config.go
			}
		case *ast.ReturnStmt:
			idle = false
			if read, sent := c.accessorReadSends(p, sel, stack); read {
				if sent {
					sends++
				}
				return true // fields_hidden.go
			}
		case *ast.CallExpr:
			idle = idle && c.testAssertion(p, sel)
			if c.fieldArgSendsWithDeadline(p, sel, stack) {
				sends++ // fieldpassed.go
				return true
			}
			if c.testAssertion(p, sel) {
				return true
			}
		case *ast.SelectorExpr:
			if p.X != sel {
				break
			}
			call, isCall := parentAt(stack, i-1).(*ast.CallExpr)
			if !isCall || call.Fun != p {
				if s, isField := c.info.Selections[p]; isField && s.Kind() == types.FieldVal {
					return true // c.hc.Transport: configuration
				}
				break
			}
			switch p.Sel.Name {
			case "CloseIdleConnections":
				return true
			case "Do":
				fd := enclosingDecl(stack)
				if len(call.Args) == 1 && fd != nil &&
					c.requestHasDeadline(call.Args[0], outermostBody(stack), c.deadlineParams(fd, 0), 0) || c.watchedSend(stack) {
					sends++
					return true
				}
			}
			c.noteUnboundedSend(call, p.Sel.Name, nil)
		}
		ok = false
		return false
	})
	return ok && (sends > 0 || idle)
}

// fieldNeverRead reports whether f is an unexported, not embedded field of
// the package's own struct that the package only assigns: no other package
// can read it and nothing here does, so no request is ever sent with the
// client stored there (a dead field: the fix is deleting it, not a Timeout).
// A field read anywhere, tests included, is followed as above.
func (c *checker) fieldNeverRead(f *types.Var) bool {
	return f != nil && !f.Exported() && !f.Anonymous() && f.Pkg() == c.p.Pkg && !c.fieldRead(f)
}

// copySendsWithDeadline reports whether a read of a client field into a local
// variable (hc := x.hc) is followed by sends with a deadline only, as a client
// built in the function would be (sendsWithDeadline).
func (c *checker) copySendsWithDeadline(as *ast.AssignStmt, sel *ast.SelectorExpr, stack []ast.Node) bool {
	j := indexOf(as.Rhs, sel)
	fd := enclosingDecl(stack)
	if j < 0 || len(as.Lhs) != len(as.Rhs) || as.Tok != token.DEFINE || fd == nil {
		return false
	}
	id, ok := as.Lhs[j].(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.info.Defs[id].(*types.Var)
	return ok && c.sendsWithDeadline(v, as.End(), outermostBody(stack), c.deadlineParams(fd, 0), 0)
}

func enclosingDecl(stack []ast.Node) *ast.FuncDecl {
	for _, n := range stack {
		if fd, ok := n.(*ast.FuncDecl); ok {
			return fd
		}
	}
	return nil
}

// storedField returns the field a client expression is stored in, when its
// parent is an element of a struct literal (keyed or positional) or an
// assignment to a field.
func (c *checker) storedField(outer ast.Expr, parent ast.Node) *types.Var {
	switch p := parent.(type) {
	case *ast.KeyValueExpr:
		if p.Value == outer {
			return c.fieldOfKey(p)
		}
	case *ast.CompositeLit:
		return code.ElementField(c.info, p, outer)
	case *ast.AssignStmt:
		if i := indexOf(p.Rhs, outer); i >= 0 && len(p.Lhs) == len(p.Rhs) {
			return c.fieldOfSel(p.Lhs[i])
		}
	}
	return nil
}

// nilFallback reports whether a use of http.DefaultClient is the fallback of
// `if x == nil { x = http.DefaultClient }`, where x is a client field (or a
// local variable read from one) that every construction of the struct in the
// package fills with a client that has a Timeout: the fallback never runs.
func (c *checker) nilFallback(sel *ast.SelectorExpr, stack []ast.Node) bool {
	as := c.fallbackGuard(sel, stack)
	if as == nil {
		return false
	}
	lhs := as.Lhs[0]
	f := c.fieldOfSel(lhs)
	if v := code.VarOf(c.info, lhs); v != nil && f == nil {
		for _, d := range localDefs(c.info, outermostBody(stack), v) {
			if d != sel {
				if f = c.fieldOfSel(d); f == nil {
					return false
				}
			}
		}
	}
	return f != nil && c.fieldAlwaysTimeout(f, as)
}

// fieldAlwaysTimeout reports whether every struct literal in the package that
// has field f sets it to a client with a Timeout (in the literal, or right
// after it: fields_later.go), every assignment to the
// field (except skip) does too, the package builds no zero value of the
// struct (new(T), var x T), and there is at least one such literal.
func (c *checker) fieldAlwaysTimeout(f *types.Var, skip *ast.AssignStmt) bool {
	lits, ok := 0, true
	for _, file := range c.p.Files {
		code.Inspect(file, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch n := n.(type) {
			case *ast.CompositeLit:
				if fieldIndex(c.info.TypeOf(n), f) >= 0 {
					lits++
					if v := code.LiteralField(c.info, n, f); v == nil && !c.setBeforeUse(n, f) || v != nil && !c.timeoutValue(v, firstFuncBody(code.TreeOf(c.info).Enclosing(n))) {
						ok = false // fields_later.go: set a few statements on
					}
				}
			case *ast.AssignStmt:
				if n == skip {
					return true
				}
				for j, l := range n.Lhs {
					if c.fieldOfSel(l) == f {
						if r := code.PairedRHS(n.Lhs, n.Rhs, j); r == nil || !c.timeoutValue(r, firstFuncBody(code.TreeOf(c.info).Enclosing(n))) {
							ok = false
						}
					}
				}
			case *ast.CallExpr:
				if id, isID := ast.Unparen(n.Fun).(*ast.Ident); isID && id.Name == "new" && len(n.Args) == 1 &&
					fieldIndex(c.info.TypeOf(n.Args[0]), f) >= 0 {
					ok = false
				}
			case *ast.ValueSpec:
				if n.Type != nil && len(n.Values) == 0 && fieldIndex(c.info.TypeOf(n.Type), f) >= 0 {
					ok = false
				}
			}
			return ok
		})
	}
	return ok && lits > 0
}

// fieldIndex returns the index of field f in struct type t, or -1.
func fieldIndex(t types.Type, f *types.Var) int {
	if t == nil {
		return -1
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return -1
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) == f {
			return i
		}
	}
	return -1
}

// timeoutClient reports whether e is a client literal with a non-zero Timeout.
func (c *checker) timeoutClient(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok || !code.IsNamed(c.info.TypeOf(lit), "net/http", "Client") {
		return false
	}
	t := field(lit, "Timeout")
	return t != nil && !isZero(c.info, t)
}

// identKinds: the walks over a variable's mentions look at identifiers only.
var identKinds = []ast.Node{(*ast.Ident)(nil)}

// testAssertion reports whether a test hands the field read to a function of
// another package as a plain argument (assert.Same(t, want, got.client)): a
// check of what the package built, which sends nothing of the package's.
func (c *checker) testAssertion(call *ast.CallExpr, sel *ast.SelectorExpr) bool {
	fn := code.Callee(c.info, call)
	return c.p.TestCode(call.Pos()) && fn != nil && fn.Pkg() != nil && fn.Pkg() != c.p.Pkg &&
		indexOf(call.Args, sel) >= 0 && !strings.HasPrefix(fn.Pkg().Path(), "net/http")
}
