package retrybody

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A clone of the caller's request, sent after its body was consumed.
//
// req.Clone(ctx) and req.WithContext(ctx) copy the Body field, not the body:
// the clone shares the reader of the request it was made from. A function
// that takes an *http.Request and sends it, or a clone of it, has consumed
// the caller's body; a later send of another clone (or of the request itself)
// carries the drained reader, and a request with a body goes out empty or
// fails with "ContentLength=N with Body length 0". That later send is one
// that follows the first in the same block (a refresh of the credentials on
// a 401, then the clone sent again), a call of the function itself that hands
// it such a clone (which the function sends again), or a send that a retry
// region of the function repeats. As for the caller's request sent again
// (callerrequest.go), the function cannot know its caller's body is empty
// unless it looks.
//
// Not reported: a function that looks at the body or the method (a test of
// req.Body, req.ContentLength or req.Method, req.GetBody, a Body set on the
// clone from GetBody, a fresh reader or http.NoBody), that hands the request
// or a clone to anything but a send, itself, or a read of its fields; sends in
// branches that exclude each other; a request the function builds itself,
// whose body the rule reads where it is made (a nil body is no body).

// cloneSends is what a function does with its caller's request p: the sends
// of p or of a clone of it, the calls of itself that hand one on, and the
// clones (variables filled only by p.Clone or p.WithContext).
type cloneSends struct {
	p      *types.Var
	index  int // p's place among the parameters
	clones map[*types.Var]bool
	sends  []*ast.CallExpr
	http   int // how many of sends are HTTP sends (not calls of itself)
}

// reportClonesSent reports, in every function of the package, the sends of
// the caller's request or a clone of it that go out after another send
// consumed the body (see above), when the rule did not report them already.
func reportClonesSent(p *lint.Pass, seen map[token.Pos]bool) {
	for _, f := range p.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
			for i, param := range retryscope.Params(p.TypesInfo, fd.Type) {
				if param == nil || fn == nil || !code.IsNamed(param.Type(), "net/http", "Request") {
					continue
				}
				if s := sendsOf(p.TypesInfo, fd, fn, param, i); s != nil {
					s.report(p, fd, seen)
				}
			}
		}
	}
}

// report reports each send that goes out after another send of the request
// or that a retry region repeats.
func (s *cloneSends) report(p *lint.Pass, fd *ast.FuncDecl, seen map[token.Pos]bool) {
	for _, send := range s.sends {
		if seen[send.Pos()] {
			continue
		}
		what := s.sentName(p.TypesInfo, send)
		if first := followsSend(fd.Body, s.sends, send); first != nil {
			seen[send.Pos()] = true
			p.Reportf(send, "%s is sent after the send at line %d consumed %s's body: Clone and WithContext share the body, they do not copy it, so a request with a body goes out empty; set its Body from %s.GetBody() before sending it again, or do not send again a request whose body cannot be replayed",
				what, p.Fset.Position(first.Pos()).Line, s.p.Name(), s.p.Name())
		} else if r := repeatingRegion(p.Scope, fd, send); r != nil {
			seen[send.Pos()] = true
			p.Reportf(send, "%s is sent on every attempt of the %s, but the first send consumes %s's body and Clone does not copy it: a request with a body goes out empty on every later attempt; set its Body from %s.GetBody() on each attempt, or do not retry a request whose body cannot be replayed",
				what, r.Kind.String(), s.p.Name(), s.p.Name())
		}
	}
}

// sentName names what send sends: "request r2, a clone of the caller's
// req,", "a clone of the caller's request req" made in the argument, or
// "request req, the caller's,".
func (s *cloneSends) sentName(info *types.Info, send *ast.CallExpr) string {
	for _, a := range send.Args {
		switch a := ast.Unparen(a).(type) {
		case *ast.Ident:
			if v, _ := info.Uses[a].(*types.Var); s.clones[v] {
				return "request " + v.Name() + ", a clone of the caller's " + s.p.Name() + ","
			}
		case *ast.CallExpr:
			if req, _ := retryscope.HTTPSend(info, send); req != nil && ast.Unparen(req) == a {
				return "a clone of the caller's request " + s.p.Name()
			}
		}
	}
	return "request " + s.p.Name() + ", the caller's,"
}

// sendsOf returns what fd does with its request parameter p, or nil when it
// does anything with p or a clone of it but send it, hand it to itself, clone
// it, or read a field that says nothing of the body.
func sendsOf(info *types.Info, fd *ast.FuncDecl, fn *types.Func, p *types.Var, index int) *cloneSends {
	s := &cloneSends{p: p, index: index, clones: map[*types.Var]bool{}}
	ok := true
	code.WalkStack(fd.Body, func(n ast.Node, stack []ast.Node) bool {
		if !ok {
			return false
		}
		if lit, isLit := n.(*ast.FuncLit); isLit {
			ok = !s.mentioned(info, lit) // a closure's use is out of reach
			return false
		}
		id, isIdent := n.(*ast.Ident)
		if !isIdent || len(stack) < 2 {
			return true
		}
		v, _ := info.Uses[id].(*types.Var)
		if v != p && !s.clones[v] {
			if v = cloneFilled(info, id, p); v == nil {
				return true
			}
			s.clones[v] = true
			return true
		}
		ok = s.allowedUse(info, fn, stack[len(stack)-2], stack, id, v == p)
		return ok
	})
	if !ok || s.http == 0 {
		return nil
	}
	return s
}

// mentioned reports whether lit uses p or a clone of it.
func (s *cloneSends) mentioned(info *types.Info, lit *ast.FuncLit) bool {
	found := false
	ast.Inspect(lit, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			v, _ := info.Uses[id].(*types.Var)
			found = found || v == s.p || s.clones[v]
		}
		return !found
	})
	return found
}

// cloneFilled returns the variable id defines when its only assignment is
// p.Clone(ctx) or p.WithContext(ctx).
func cloneFilled(info *types.Info, id *ast.Ident, p *types.Var) *types.Var {
	v, _ := info.Defs[id].(*types.Var)
	if v == nil {
		return nil
	}
	d, single := code.SoleDef(info, v)
	if !single || !d.ByName() {
		return nil
	}
	call, ok := ast.Unparen(d.Value).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "Clone" && sel.Sel.Name != "WithContext") {
		return nil
	}
	x, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok || info.Uses[x] != p {
		return nil
	}
	return v
}

// allowedUse reports whether a use of p or a clone of it (id, under parent)
// leaves the body alone, and records the sends and self-calls.
func (s *cloneSends) allowedUse(info *types.Info, fn *types.Func, parent ast.Node, stack []ast.Node, id *ast.Ident, isParam bool) bool {
	switch parent := parent.(type) {
	case *ast.CallExpr:
		if req, _ := retryscope.HTTPSend(info, parent); req != nil && ast.Unparen(req) == id {
			s.sends, s.http = append(s.sends, parent), s.http+1
			return true
		}
		if code.Callee(info, parent) == fn && !parent.Ellipsis.IsValid() && s.index < len(parent.Args) && parent.Args[s.index] == id {
			s.sends = append(s.sends, parent)
			return true
		}
		return false
	case *ast.SelectorExpr:
		if parent.X != id || assigned(stack, parent) {
			return false
		}
		name := parent.Sel.Name
		if !isParam || (name != "Clone" && name != "WithContext") {
			return name != "Method" && requestFields[name]
		}
		s.sentInline(info, stack)
		return true
	}
	return false
}

// sentInline records the send of a clone made in its argument
// (next.RoundTrip(req.Clone(ctx))); stack ends with p, p.Clone.
func (s *cloneSends) sentInline(info *types.Info, stack []ast.Node) {
	if len(stack) < 4 {
		return
	}
	clone, ok := stack[len(stack)-3].(*ast.CallExpr)
	send, isCall := stack[len(stack)-4].(*ast.CallExpr)
	if !ok || !isCall {
		return
	}
	if req, _ := retryscope.HTTPSend(info, send); req != nil && ast.Unparen(req) == clone {
		s.sends, s.http = append(s.sends, send), s.http+1
	}
}

// followsSend returns a send other than send that runs before it on every
// way to it: a send whose statement is an earlier statement of a block that
// holds send; nil when there is none.
func followsSend(body *ast.BlockStmt, sends []*ast.CallExpr, send *ast.CallExpr) *ast.CallExpr {
	var found *ast.CallExpr
	code.WalkStack(body, func(n ast.Node, stack []ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found != nil {
			return false
		}
		block, ok := n.(*ast.BlockStmt)
		if !ok || send.Pos() < block.Pos() || send.End() > block.End() {
			return true
		}
		for _, st := range block.List {
			if st.End() > send.Pos() {
				break
			}
			if first := sendIn(st, sends); first != nil {
				found = first
			}
		}
		return found == nil
	})
	return found
}

// sendIn returns a send of sends that st makes on every way through it: st
// is a statement that holds the send outside any branch (an assignment, an
// expression, a declaration).
func sendIn(st ast.Stmt, sends []*ast.CallExpr) *ast.CallExpr {
	switch st.(type) {
	case *ast.AssignStmt, *ast.ExprStmt, *ast.DeclStmt:
	default:
		return nil
	}
	for _, s := range sends {
		if st.Pos() <= s.Pos() && s.End() <= st.End() {
			return s
		}
	}
	return nil
}

// repeatingRegion returns a region of fd, reaching another system, that runs
// send again on each attempt.
func repeatingRegion(res *retryscope.Result, fd *ast.FuncDecl, send *ast.CallExpr) *retryscope.Region {
	for _, r := range res.Regions {
		if r.Func != ast.Node(fd) || !r.Remote() || r.Body == nil || r.Kind == retryscope.CallbackRegion {
			continue
		}
		if pos, end, ok := res.Span(r); ok && pos <= send.Pos() && send.End() <= end && r.Repeats(send) {
			return r
		}
	}
	return nil
}
