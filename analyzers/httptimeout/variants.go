package httptimeout

import (
	"go/ast"
	"go/types"
	"strings"
)

// A package that offers each call twice, X(...) with a deadline of its own and
// XContext(ctx, ...) for callers who bring theirs (net/http's Get and
// NewRequestWithContext, database/sql's Query and QueryContext), leaves the
// deadline of XContext to its caller on purpose: the caller who wanted the
// package's bound had X. So the context parameter of such an XContext counts
// as having a deadline when its plain sibling X (same receiver type, name
// without the Context suffix) calls it with one and every other call in the
// package does too. An exported XContext without a bounded sibling
// (SigningKeys(ctx, url)) still leaves the deadline unknown.

// callableOutside reports whether code outside the package's static calls
// can call fn: an exported function, or an exported method of an exported
// type, of a type embedded in a struct (its methods are promoted), or of a
// type that satisfies an interface the package mentions which has the method
// (a call through the interface is not a static call of fn). An exported
// method of any other unexported type is called only where the index sees it.
func (c *checker) callableOutside(fn *types.Func) bool {
	if !fn.Exported() {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return true
	}
	named := namedOf(recv.Type())
	if named == nil || named.Obj().Exported() {
		return true
	}
	if known, ok := c.outside[fn]; ok {
		return known
	}
	if c.outside == nil {
		c.outside = make(map[*types.Func]bool)
	}
	c.outside[fn] = c.embedded(named) || c.viaInterface(named, fn.Name())
	return c.outside[fn]
}

// viaInterface reports whether *t satisfies an interface type of the package's
// code that has a method called method.
func (c *checker) viaInterface(t *types.Named, method string) bool {
	ptr := types.NewPointer(t)
	for _, tv := range c.info.Types {
		iface, ok := tv.Type.Underlying().(*types.Interface)
		if !ok || iface.NumMethods() == 0 {
			continue
		}
		for i := 0; i < iface.NumMethods(); i++ {
			if iface.Method(i).Name() == method && types.Implements(ptr, iface) {
				return true
			}
		}
	}
	return false
}

func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := t.(*types.Named)
	return n
}

// embedded reports whether some struct type of the package embeds t.
func (c *checker) embedded(t *types.Named) bool {
	scope := c.p.Pkg.Scope()
	for _, name := range scope.Names() {
		st, ok := scope.Lookup(name).Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := 0; i < st.NumFields(); i++ {
			if f := st.Field(i); f.Embedded() && namedOf(f.Type()) == t {
				return true
			}
		}
	}
	return false
}

// plainSibling returns the declaration of X for a function named XContext
// with the same receiver type, when the package has one that calls it.
func (c *checker) plainSibling(fn *types.Func) *ast.FuncDecl {
	base, ok := strings.CutSuffix(fn.Name(), "Context")
	if !ok || base == "" {
		return nil
	}
	for _, cs := range c.index().calls[fn] {
		sib, _ := c.info.Defs[cs.decl.Name].(*types.Func)
		if sib != nil && sib.Name() == base && sameReceiver(sib, fn) {
			return cs.decl
		}
	}
	return nil
}

func sameReceiver(a, b *types.Func) bool {
	ra, rb := a.Type().(*types.Signature).Recv(), b.Type().(*types.Signature).Recv()
	if ra == nil || rb == nil {
		return ra == nil && rb == nil
	}
	na, nb := namedOf(ra.Type()), namedOf(rb.Type())
	return na != nil && na == nb
}
