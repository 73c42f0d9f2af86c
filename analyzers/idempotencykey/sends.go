package idempotencykey

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// sendFuncs are the calls that send a request given as their first argument.
var sendFuncs = map[string]bool{
	"(*net/http.Client).Do":                           true,
	"(net/http.RoundTripper).RoundTrip":               true,
	"(*net/http.Transport).RoundTrip":                 true,
	"(*" + retryablehttp + ".Client).Do":              true,
	"(*" + retryablehttp + ".RoundTripper).RoundTrip": true,
}

// postFuncs send a POST without a request value, hence without headers.
var postFuncs = map[string]bool{
	"net/http.Post": true, "net/http.PostForm": true,
	"(*net/http.Client).Post": true, "(*net/http.Client).PostForm": true,
	retryablehttp + ".Post": true, retryablehttp + ".PostForm": true,
	"(*" + retryablehttp + ".Client).Post": true, "(*" + retryablehttp + ".Client).PostForm": true,
}

// send is a call that sends an HTTP request.
type send struct {
	call *ast.CallExpr
	fn   *types.Func
	// post is true for Post/PostForm, which carry no headers.
	post bool
	req  ast.Expr
}

func (c *checker) sendOf(call *ast.CallExpr) *send {
	fn := code.Callee(c.info, call)
	if fn == nil {
		return nil
	}
	name := fn.FullName()
	switch {
	case postFuncs[name]:
		return &send{call: call, fn: fn, post: true}
	case sendFuncs[name] && len(call.Args) > 0:
		return &send{call: call, fn: fn, req: call.Args[0]}
	}
	return nil
}

// finding says what is wrong with a send.
type finding struct {
	method string
	// gen is the call that makes a new key per attempt; nil: no key at all.
	gen ast.Node
	// set is where the fresh key becomes the header.
	set *hdrSet
	// built is where the request was made, when known.
	built ast.Node
}

// inspect decides whether a send is a problem when it runs in frame fr.
func (c *checker) inspect(s *send, fr *frame) *finding {
	req := &request{}
	if s.post {
		req.methods = []string{"POST"}
		if args := s.call.Args; len(args) >= 2 { // Post(url, contentType, body), PostForm(url, form)
			req.targets = []target{{url: args[0], body: args[len(args)-1], fr: fr}}
		}
	} else {
		c.resolve(s.req, fr, 0, req)
	}
	m := req.unsafeMethod()
	if m == "" || (req.emptyBody(c.info) && c.opensSession(s)) || req.tokenRequest(c.p.Knowledge, c.info) || c.keyedBody(req) {
		return nil // see session.go, tokenRequest and bodykey.go
	}
	var sets []*hdrSet
	var frames []*frame
	for _, bv := range req.vars {
		for _, set := range c.sets[bv.obj] {
			sets, frames = append(sets, set), append(frames, bv.fr)
		}
	}
	if len(sets) == 0 {
		return &finding{method: m, built: req.built}
	}
	for i, set := range sets {
		if set.unknown {
			continue
		}
		fr := frames[i]
		if set.helper != nil {
			fr = c.enter(fr, set.call, set.helper)
		}
		if gen := c.fresh(set.value, fr, 0); gen != nil {
			return &finding{method: m, gen: gen, set: set, built: req.built}
		}
	}
	return nil
}

// region checks the sends a region makes, directly or (one level) through a
// function of the package it calls.
func (c *checker) region(r *retryscope.Region, pos, end token.Pos) {
	fr := &frame{inside: func(p token.Pos) bool { return pos <= p && p < end }}
	c.callsRun(r.Body, func(call *ast.CallExpr) {
		if c.seen[call.Pos()] || !r.Repeats(call) {
			return
		}
		if s := c.sendOf(call); s != nil {
			if f := c.inspect(s, fr); f != nil && !c.failsFinal(r, r.Body, call) {
				c.reportRegion(r, call, "", f, pos, end)
			}
			return
		}
		c.followSend(r, call, fr, pos, end)
	})
}

// failsFinal reports whether the retry ends on every send whose outcome is
// unknown: the send's error and its non-2xx answers are marked final right
// where they are met (Result.SendFailsFinal), so an attempt that timed out is
// never applied again; what goes round is a refusal the server answered.
func (c *checker) failsFinal(r *retryscope.Region, body ast.Node, send *ast.CallExpr) bool {
	b, ok := body.(*ast.BlockStmt)
	return ok && c.p.Scope.SendFailsFinal(r, b, send)
}

// callsRun visits the calls that run when body runs: not those of literals that
// are only stored or handed on (a hook run later, a request builder returned to
// the caller), but those of literals called on the spot or handed to a retry
// helper.
func (c *checker) callsRun(body ast.Node, visit func(*ast.CallExpr)) {
	invoked := make(map[*ast.FuncLit]bool)
	code.TreeOf(c.info).Inspect(body, []ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return invoked[n] || c.retryLits[n]
		case *ast.CallExpr:
			if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
				invoked[lit] = true
			}
			visit(n)
		}
		return true
	})
}

// followSend looks for sends in a function of the package called by the region.
func (c *checker) followSend(r *retryscope.Region, call *ast.CallExpr, fr *frame, pos, end token.Pos) {
	fn := code.Callee(c.info, call)
	decl := c.p.Scope.FuncDecl(fn)
	if decl == nil || decl.Body == nil || decl.Body == r.Body || (decl.Pos() <= pos && end <= decl.End()) {
		return
	}
	inner := c.enter(fr, call, decl)
	c.callsRun(decl.Body, func(in *ast.CallExpr) {
		if c.seen[call.Pos()] {
			return
		}
		if s := c.sendOf(in); s != nil {
			if f := c.inspect(s, inner); f != nil && !c.failsFinal(r, decl.Body, in) {
				c.reportRegion(r, call, fn.Name(), f, pos, end)
			}
		}
	})
}

// selfRetrying checks the calls of clients that retry by themselves
// (go-retryablehttp), with or without a region around them.
func (c *checker) selfRetrying() {
	never := &frame{inside: func(token.Pos) bool { return false }}
	ins := c.p.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	code.Preorder(ins, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		if c.seen[call.Pos()] {
			return
		}
		s := c.sendOf(call)
		if s == nil {
			return
		}
		entry := c.p.Knowledge.SelfRetrying(s.fn)
		if entry == nil || c.retriesOff(call, entry) {
			return
		}
		if f := c.inspect(s, never); f != nil {
			c.report(call, "%s request sent with %s, which retries it by itself, carries no idempotency key: %s; %s",
				f.method, entry.Name, consequence, c.fixMissing())
			return
		}
		c.viaCallers(s, entry)
	})
}
