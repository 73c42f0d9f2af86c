package idempotencykey

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/internal/rules"
)

// A sender is a function of the package that hands a request (or the method it
// builds one with) from its parameters to a self-retrying client: the client
// resends whatever its callers build. What is unknown at the send is read, per
// call of the sender in the package, from the call's arguments; the POST and
// PATCH requests the callers build without a key make one finding, at the send,
// however many callers there are: one cause, one line.

// callerSend is a call of a sender that hands it an unsafe request without a
// key.
type callerSend struct {
	call   *ast.CallExpr
	caller string
	method string
}

// viaCallers reads a self-retrying send whose request is not known in its own
// function from the same-package calls of that function.
func (c *checker) viaCallers(s *send, entry *rules.SelfRetrying) {
	decl := c.enclosingDecl(s.call)
	if decl == nil || len(decl.Type.Params.List) == 0 {
		return
	}
	found := c.callerSends(s, decl)
	if len(found) == 0 {
		return
	}
	first := c.p.Fset.Position(found[0].call.Pos())
	callers := fmt.Sprintf("%d callers build", len(found))
	if len(found) == 1 {
		callers = "1 caller builds"
	}
	c.report(s.call, "%s resends the %s requests that %s (first: %s at %s:%d) without an idempotency key: %s; %s",
		entry.Name, methodsOf(found), callers, found[0].caller,
		filepath.Base(first.Filename), first.Line, consequence, c.fixMissing())
}

// callerSends inspects the send once per call of decl in the package, with
// decl's parameters bound to the call's arguments; calls already reported (from
// a retry region) and calls from tests are left out.
func (c *checker) callerSends(s *send, decl *ast.FuncDecl) []callerSend {
	target, _ := c.info.Defs[decl.Name].(*types.Func)
	if target == nil {
		return nil
	}
	never := &frame{inside: func(token.Pos) bool { return false }}
	callers, _ := code.Callers(c.info, c.p.Files, target)
	var out []callerSend
	for _, caller := range callers {
		if caller == decl || code.IsTestFile(c.p.Fset, caller.Pos()) {
			continue // a test's request is no traffic of the package
		}
		code.TreeOf(c.info).Inspect(caller.Body, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) bool {
			call := n.(*ast.CallExpr)
			if c.seen[call.Pos()] || code.Callee(c.info, call) != target {
				return true
			}
			if f := c.inspect(s, c.enter(never, call, decl)); f != nil && f.gen == nil {
				out = append(out, callerSend{call: call, caller: caller.Name.Name, method: f.method})
			}
			return true
		})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := c.p.Fset.Position(out[i].call.Pos()), c.p.Fset.Position(out[j].call.Pos())
		return a.Filename < b.Filename || a.Filename == b.Filename && a.Offset < b.Offset
	})
	return out
}

// methodsOf names the unsafe methods the callers send: POST, PATCH or POST/PATCH.
func methodsOf(found []callerSend) string {
	var ms []string
	for _, m := range []string{"POST", "PATCH"} {
		for _, f := range found {
			if f.method == m {
				ms = append(ms, m)
				break
			}
		}
	}
	return strings.Join(ms, "/")
}

// enclosingDecl is the declared function a call is written in; nil when a
// function literal lies between them (run later, or elsewhere, with arguments
// of its own).
func (c *checker) enclosingDecl(call *ast.CallExpr) *ast.FuncDecl {
	for _, n := range code.TreeOf(c.info).Enclosing(call) {
		switch n := n.(type) {
		case *ast.FuncLit:
			return nil
		case *ast.FuncDecl:
			return n
		}
	}
	return nil
}
