package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A transport built by a function of the analysed code. A client's
// Transport is often made by a helper of the program (a package of shared
// HTTP settings) rather than written as a literal where the client is
// built. When that helper sets the transport's ResponseHeaderTimeout, every
// client built on its result waits a bounded time for an answer, wherever
// the client is built: the helper's result bounds the answer as a literal
// with the field does.
//
// A function bounds the answer when each of its returns gives back a
// transport it built and set: a local *http.Transport variable whose
// ResponseHeaderTimeout the function assigns a value that is not the
// constant 0 (in its own body, not in a function literal inside it), or an
// http.Transport literal with such a field; given back as it is, in a
// literal of a struct that embeds *http.Transport, or passed to a function
// of the same package whose result embeds one (a wrapper that adds headers
// or metrics around the transport). A customising callback the function
// calls with the transport may change the field again: what it does is out
// of reach, and nobody sets such a bound to zero on purpose.

// BoundsAnswer marks a function whose result is an *http.Transport (or a
// struct embedding one) with a ResponseHeaderTimeout (see above).
type BoundsAnswer struct{ Origin }

func (*BoundsAnswer) AFact() {}

func (*BoundsAnswer) String() string { return "builds a transport that bounds the answer" }

// TransportBoundsAnswer reports whether fn, of this package or of another
// package of the analysed code that the package calls, returns a transport
// whose ResponseHeaderTimeout it set (BoundsAnswer).
func (r *Result) TransportBoundsAnswer(fn *types.Func) bool {
	return fn != nil && r.boundsAnswer[fn.Origin()]
}

// markBoundsAnswer finds the package's functions that bound the answer and
// exports the fact, and imports it for the functions of other packages the
// package calls.
func markBoundsAnswer(pass *analysis.Pass, res *Result) {
	res.boundsAnswer = make(map[*types.Func]bool)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn != nil && returnsBoundTransport(pass.TypesInfo, fn, fd) {
				res.boundsAnswer[fn] = true
				if !IsExternal(pass) {
					exportObjectFact(pass, fn, &BoundsAnswer{})
				}
			}
		}
	}
	for _, f := range pass.Files {
		code.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := code.Callee(pass.TypesInfo, call)
			if fn == nil || fn.Pkg() == nil || fn.Pkg() == pass.Pkg || !wrapsTransport(fn) {
				return true
			}
			if importObjectFact(pass, fn.Origin(), &BoundsAnswer{}) {
				res.boundsAnswer[fn.Origin()] = true
			}
			return true
		})
	}
}

// wrapsTransport reports whether fn's one result, or its first before an
// error, is an *http.Transport or a pointer to a struct that embeds one.
func wrapsTransport(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() == 0 || sig.Results().Len() > 2 {
		return false
	}
	if sig.Results().Len() == 2 && !isErrorType(sig.Results().At(1).Type()) {
		return false
	}
	t := sig.Results().At(0).Type()
	return isTransportPtr(t) || embedsTransport(t)
}

func isTransportPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && code.IsNamed(p.Elem(), "net/http", "Transport")
}

// embedsTransport reports whether t is (a pointer to) a struct with an
// embedded *http.Transport.
func embedsTransport(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Anonymous() && isTransportPtr(f.Type()) {
			return true
		}
	}
	return false
}

// returnsBoundTransport reports whether every return of fd (at least one)
// gives back a transport it bounded (see above).
func returnsBoundTransport(info *types.Info, fn *types.Func, fd *ast.FuncDecl) bool {
	if !wrapsTransport(fn) {
		return false
	}
	n, ok := 0, true
	ast.Inspect(fd.Body, func(node ast.Node) bool {
		switch node := node.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if failingReturn(info, node) {
				return false // no transport for the caller to use
			}
			n++
			ok = ok && len(node.Results) >= 1 && boundTransportExpr(info, fn, fd, node.Results[0], 0)
		}
		return ok
	})
	return ok && n > 0
}

// failingReturn reports whether a return of a (transport, error) function
// gives nil for the transport: the caller gets the error and no transport.
func failingReturn(info *types.Info, ret *ast.ReturnStmt) bool {
	return len(ret.Results) == 2 && code.IsNil(info, ret.Results[0])
}

// boundTransportExpr reports whether e, returned by fd, is a transport fd
// bounded: a literal with the field, a local variable fd bounds, or one of
// those wrapped (a literal embedding it, a wrapper call of the package).
func boundTransportExpr(info *types.Info, fn *types.Func, fd *ast.FuncDecl, e ast.Expr, depth int) bool {
	if depth > 2 {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return x.Op == token.AND && boundTransportExpr(info, fn, fd, x.X, depth)
	case *ast.CompositeLit:
		if code.IsNamed(info.TypeOf(x), "net/http", "Transport") {
			return headerTimeoutIn(info, x)
		}
		return anyBoundArg(info, fn, fd, x.Elts, depth)
	case *ast.CallExpr:
		callee := code.Callee(info, x)
		return callee != nil && callee.Pkg() == fn.Pkg() && callee != fn && wrapsTransport(callee) &&
			anyBoundArg(info, fn, fd, x.Args, depth)
	case *ast.Ident:
		v := code.VarOf(info, x)
		return v != nil && isTransportPtr(v.Type()) && v.Parent() != nil && v.Parent() != fn.Pkg().Scope() &&
			setsHeaderTimeout(info, fd.Body, v)
	}
	return false
}

// anyBoundArg reports whether one of the expressions (elements of a
// wrapper literal, arguments of a wrapper call) is a transport fd bounded.
func anyBoundArg(info *types.Info, fn *types.Func, fd *ast.FuncDecl, list []ast.Expr, depth int) bool {
	for _, el := range list {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		if isTransportPtr(info.TypeOf(el)) && boundTransportExpr(info, fn, fd, el, depth+1) {
			return true
		}
	}
	return false
}

// headerTimeoutIn reports whether a transport literal sets
// ResponseHeaderTimeout to a value that is not the constant 0.
func headerTimeoutIn(info *types.Info, lit *ast.CompositeLit) bool {
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if id, isID := kv.Key.(*ast.Ident); ok && isID && id.Name == "ResponseHeaderTimeout" {
			return !code.AlwaysZero(info, kv.Value)
		}
	}
	return false
}

// setsHeaderTimeout reports whether body (outside function literals) assigns
// v.ResponseHeaderTimeout a value that is not the constant 0, or defines v
// as a literal that has one.
func setsHeaderTimeout(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for j, l := range as.Lhs {
			rhs := code.PairedRHS(as.Lhs, as.Rhs, j)
			if rhs == nil {
				continue
			}
			if sel, isSel := ast.Unparen(l).(*ast.SelectorExpr); isSel && sel.Sel.Name == "ResponseHeaderTimeout" && code.VarOf(info, sel.X) == v {
				found = found || !code.AlwaysZero(info, rhs)
			}
			if code.VarOf(info, l) == v {
				if u, isAddr := ast.Unparen(rhs).(*ast.UnaryExpr); isAddr && u.Op == token.AND {
					rhs = u.X
				}
				if lit, isLit := ast.Unparen(rhs).(*ast.CompositeLit); isLit && headerTimeoutIn(info, lit) {
					found = true
				}
			}
		}
		return true
	})
	return found
}
