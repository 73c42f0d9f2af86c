package idempotencykey

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const consequence = "an attempt that timed out may have taken effect, and the next one applies it again"

func (c *checker) fixMissing() string {
	return "set an " + c.headerName() + " header from a key made once before the retry"
}

// headerName is the first configured idempotency header.
func (c *checker) headerName() string {
	if hs := c.p.Knowledge.Knowledge.IdempotencyHeaders; len(hs) > 0 {
		return hs[0]
	}
	return "Idempotency-Key"
}

// reportRegion reports a send of a region: a missing key where the request is
// built when that is in the region's code, else at the call the region makes
// (the send, or the function of the package that sends); a key made per attempt
// where it is made (or set) when that is in the region's code.
func (c *checker) reportRegion(r *retryscope.Region, call *ast.CallExpr, via string, f *finding, pos, end token.Pos) {
	in := func(n ast.Node) bool { return n != nil && pos <= n.Pos() && n.End() <= end }
	what := f.method + " request sent from a " + r.Kind.String()
	if via != "" && !in(f.built) {
		what = f.method + " request sent by " + via + " from a " + r.Kind.String()
	}
	at := ast.Node(call)
	if f.gen == nil {
		if in(f.built) {
			at = f.built
		}
		c.seen[call.Pos()] = true
		c.report(at, "%s without an idempotency key: %s; %s", what, consequence, c.fixMissing())
		return
	}
	switch {
	case in(f.gen):
		at = f.gen
	case via != "" && !in(f.built):
	case in(f.set.at):
		at = f.set.at
	}
	c.seen[call.Pos()] = true
	c.report(at, "%s gets a new idempotency key on every attempt (%s), so the server cannot recognise the repeat; make the key once before the retry and reuse it",
		what, c.genName(f.gen))
}

func (c *checker) genName(n ast.Node) string {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return "a fresh value"
	}
	fn := code.Callee(c.info, call)
	if fn == nil {
		return types.ExprString(call.Fun)
	}
	if fn.Pkg() == nil || fn.Pkg() == c.p.Pkg {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

func (c *checker) report(n ast.Node, format string, args ...any) {
	c.seen[n.Pos()] = true
	c.p.Reportf(n, format, args...)
}
