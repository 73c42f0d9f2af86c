// Package httptimeout defines an Analyzer that reports HTTP calls with no time
// limit: http.Client values built without Timeout, uses of http.DefaultClient,
// and the package-level http.Get, Head, Post and PostForm.
//
// A zero Client.Timeout means no timeout: a server that accepts the connection
// and never answers holds the caller (and, inside a retry loop, every attempt)
// forever. The analyzer follows a constructed client through its variable: a
// client whose Timeout is assigned, or that is passed to a function of the
// package that assigns it, or (by pointer) to code out of reach that may (an
// interface's method, a hook in a parameter or field: outofreach.go), before
// the client is used, returned or stored is fine. Clients that come from the caller (parameters, fields, constructor
// results) are the caller's business and are not reported, and a
// http.DefaultClient.Do of a request whose context got a deadline in the same
// function is bounded by that deadline; a request that carries its caller's
// context (a context or request parameter, callerctx.go; not a framework's
// own context type, whose Done may be nil) by the caller's, also when the
// client is an SDK's or a pool's default kept in fields (fields_hidden.go,
// pkgvar_stored.go). A nil fallback to a client without
// Timeout on a client the caller brings is the caller's choice: the nil a
// caller passes is reported, not the fallback (fallback.go). A command run by
// hand (retryscope.RunByHand: one sequence of calls, then exit) is not checked.
package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const doc = `report HTTP clients and calls without a timeout

An http.Client without Timeout, http.DefaultClient and http.Get/Head/Post/PostForm
wait forever for a server that accepts the connection and never answers. Set
Client.Timeout, or give every request a context with a deadline.`

// Analyzer is the httptimeout rule.
var Analyzer = lint.Independent("httptimeout", doc, run, inspect.Analyzer, retryscope.Analyzer)

// defaultFuncs are the net/http functions that send with http.DefaultClient.
var defaultFuncs = map[string]bool{"Get": true, "Head": true, "Post": true, "PostForm": true}

func run(p *lint.Pass) error {
	if !imports(p.Pkg, "net/http") && !p.Knowledge.ImportsContextClientSender(p.Pkg) || p.Knowledge.IsExemptHTTPPackage(p.Pkg.Path()) {
		return nil
	}
	c := &checker{p: p, info: p.TypesInfo, decls: declsByObj(p)}
	ins := p.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	code.Register(p.TypesInfo, ins) // the walks below go by kind of node
	if retryscope.RunByHand(p.Pass) {
		return nil // a person watches it: a hang is seen and interrupted
	}
	filter := []ast.Node{(*ast.CompositeLit)(nil), (*ast.CallExpr)(nil), (*ast.SelectorExpr)(nil)}
	code.WithStack(ins, filter, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push || c.exempt(stack) {
			return true
		}
		switch n := n.(type) {
		case *ast.CompositeLit:
			if code.IsNamed(c.info.TypeOf(n), "net/http", "Client") {
				c.construction(n, n, stack)
			}
		case *ast.CallExpr:
			c.call(n, stack)
		case *ast.SelectorExpr:
			if code.IsObject(c.info.Uses[n.Sel], "net/http", "DefaultClient") {
				c.defaultClient(n, stack)
			}
		}
		return true
	})
	return nil
}

type checker struct {
	p     *lint.Pass
	info  *types.Info
	decls map[*types.Func]*ast.FuncDecl
	idx   *pkgIndex // built on first use (fields.go)
	// outside memoizes callableOutside for methods of unexported types
	// (variants.go): the answer scans the package's types.
	outside map[*types.Func]bool
	// callerCtx are the package's context parameters (callerctx.go).
	callerCtx map[*types.Var]bool
	// unboundedSend is the first send without any context found while
	// deciding about the current client (callerctx.go), named in its finding.
	unboundedSend sendNote
	// nilReported are the places reported for passing a nil client
	// (fallback.go), reported once.
	nilReported map[token.Pos]bool
	// following are the functions (through their callers) and fields
	// (through their reads) a client is being followed out of (handoff.go),
	// to stop at a cycle.
	following map[types.Object]bool
	// heldReported is the last client reported for each local variable
	// (onesend.go).
	heldReported map[*types.Var]heldReport
	// followingDefault is set while a returned http.DefaultClient is
	// followed through its function's callers (defaultreturn.go).
	followingDefault bool
	// urls answers whether a request goes to this machine or its link,
	// built on first use.
	urls *retryscope.LocalURLs
}

// call handles new(http.Client), the package-level senders and the library
// calls that send with their context's client.
func (c *checker) call(call *ast.CallExpr, stack []ast.Node) {
	if code.IsNamed(code.NewOf(c.info, call), "net/http", "Client") {
		c.construction(call, nil, stack)
		return
	}
	fn := code.Callee(c.info, call)
	if fn != nil && c.p.Knowledge.IsContextClientSender(fn) {
		c.contextClientSend(call, fn) // contextclient.go
		return
	}
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" || !defaultFuncs[fn.Name()] || code.IsMethod(fn) {
		return
	}
	if c.localSend(call) {
		return // to this machine or its link: not a server across a network
	}
	if c.defaultTimeoutSet(stack) {
		return // set before the send (defaulttimeout.go)
	}
	if c.watchedSend(stack) {
		return // watchdog.go
	}
	c.p.Reportf(call, "http.%s sends with http.DefaultClient, which has no timeout: a server that never answers blocks it forever; "+
		"%s, or http.NewRequestWithContext with a deadline", fn.Name(), c.clientAdvice(stack))
}

// exempt reports whether the node lies in a function configured as a
// streaming-client constructor (knowledge.http_timeout.exempt_constructors).
func (c *checker) exempt(stack []ast.Node) bool {
	for _, n := range stack {
		if fd, ok := n.(*ast.FuncDecl); ok {
			fn, _ := c.info.Defs[fd.Name].(*types.Func)
			return fn != nil && c.p.Knowledge.IsExemptHTTPConstructor(fn)
		}
	}
	return false
}

// imports reports whether pkg imports path directly: every construct the rule
// reports names net/http.
func imports(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return true
		}
	}
	return false
}

func declsByObj(p *lint.Pass) map[*types.Func]*ast.FuncDecl {
	out := make(map[*types.Func]*ast.FuncDecl)
	for _, f := range p.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := p.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					out[fn] = fd
				}
			}
		}
	}
	return out
}
