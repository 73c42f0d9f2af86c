// Package retrybody defines an Analyzer that reports an HTTP request body built
// once, before a retry, and sent again on every attempt.
//
// # A request body that cannot be sent twice
//
// Sending an *http.Request reads its body to the end and closes it. A request
// made with a body before a retry loop or outside a retry callback, and sent
// inside it, goes out with an empty body on the second attempt (or fails with
// "ContentLength=N with Body length 0"): the retry cannot succeed. The same holds
// for a reader made once and handed to http.Post or Client.Post in the attempt.
// The transport replays a body through Request.GetBody only for its own internal
// retries, never when the caller sends the request again.
//
// A request the function takes as a parameter (a RoundTrip method, a wrapper
// around Client.Do) and sends again is the same mistake for every caller that
// sends a body, unless the function looks at the body (callerrequest.go); so is
// a clone of it sent after the body was consumed, since a clone shares the
// body (clonesent.go).
//
// Not reported: a request or reader made inside the attempt; a nil or
// http.NoBody body; an attempt that touches the request or the reader in any other
// way (req.Body reset from req.GetBody(), a Seek on the reader, a clone given a
// body, a helper that gets the request), which may rewind it; go-retryablehttp's Request, whose
// body is buffered and replayed by the client.
//
// # A Kubernetes object updated again with a stale resourceVersion
//
// The same mistake with a Kubernetes update: an object read before a retry
// that goes round on a conflict, updated on every attempt and never read
// again, carries the same resourceVersion every time, so after one conflict
// every attempt conflicts. A client.Merge Patch, which sends the whole
// object with its resourceVersion, is such an update. So is the second of two
// updates of one object in an attempt when the first went through a typed
// client, which returns the updated object and leaves its argument with the
// old resourceVersion. The engine reads those updates
// (retryscope.Result.StaleUpdates); this rule reports them.
package retrybody

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const doc = `report HTTP request bodies built once and sent on every retry attempt

A request with a body (or a body reader) made before a retry region and sent in
each attempt is consumed by the first attempt; later attempts send nothing. A
Kubernetes object read before a conflict retry and updated in each attempt
without a new read sends the same stale resourceVersion every time.`

// Analyzer reports request bodies sent again by a retry.
var Analyzer = lint.New("retrybody", doc, run)

func run(p *lint.Pass) error {
	seen := map[token.Pos]bool{}
	for _, r := range p.Scope.Regions {
		pos, end, ok := p.Scope.Span(r)
		if !r.Remote() || r.Body == nil || r.Func == nil || !ok {
			continue
		}
		c := &checker{p: p, info: p.TypesInfo, r: r, span: span{pos, end}}
		stale := map[*ast.CallExpr]retryscope.StaleUpdate{}
		for _, u := range p.Scope.StaleUpdates(r) {
			stale[u.Call] = u
		}
		code.TreeOf(p.TypesInfo).Inspect(r.Body, callKinds, func(n ast.Node) bool {
			if call := n.(*ast.CallExpr); !seen[call.Pos()] && r.Repeats(call) {
				msg := c.check(call)
				if u, ok := stale[call]; msg == "" && ok {
					msg = c.staleMessage(u)
				}
				if msg != "" {
					seen[call.Pos()] = true
					p.Reportf(call, "%s", msg)
				}
			}
			return true
		})
		c.reportResent(seen) // callerrequest.go
	}
	reportClonesSent(p, seen) // clonesent.go
	return nil
}

// staleMessage is the finding for an update of an object read before a
// conflict retry and never read again in its attempt, or sent again after an
// earlier update of the attempt (resentMessage, stalemessage.go).
func (c *checker) staleMessage(u retryscope.StaleUpdate) string {
	retry := "conflict retry"
	if !c.r.Classified() {
		retry = "retry"
	}
	if u.After != nil {
		return c.resentMessage(u, retry)
	}
	name := u.Object.Name()
	return u.Update + " sends " + name + " read before the " + retry + ": after a conflict every attempt sends the same stale resourceVersion and fails again; Get " +
		name + " again at the start of each attempt, or " + patchRemedy(u)
}

var (
	callKinds = []ast.Node{(*ast.CallExpr)(nil)}
	defKinds  = []ast.Node{(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.RangeStmt)(nil)}
	identKind = []ast.Node{(*ast.Ident)(nil)}
)

type span struct{ pos, end token.Pos }

func (s span) holds(p token.Pos) bool { return s.pos <= p && p < s.end }

type checker struct {
	p    *lint.Pass
	info *types.Info
	r    *retryscope.Region
	// span is the code that runs again on each attempt.
	span span
}

// check returns the finding for a send of a request or body made once, or "".
func (c *checker) check(call *ast.CallExpr) string {
	req, body := retryscope.HTTPSend(c.info, call)
	switch {
	case req != nil:
		v, built := c.onceRequest(req, call)
		if v == nil {
			if v = c.callerRequest(req); v != nil {
				return c.callerMessage(v)
			}
			return ""
		}
		return "request " + v.Name() + " (built at line " + c.line(built) + ", with a body) is sent again on every attempt of the " +
			c.r.Kind.String() + ", but the first attempt consumes its body: build the request inside the attempt, or reset " +
			v.Name() + ".Body from " + v.Name() + ".GetBody() before each send"
	case body != nil:
		v, built := c.onceReader(body, call)
		if v == nil {
			return ""
		}
		return "body reader " + v.Name() + " (made at line " + c.line(built) + ") is sent again on every attempt of the " +
			c.r.Kind.String() + ", but the first attempt reads it to the end: make the reader inside the attempt, or Seek it back to the start before each send"
	}
	return c.drained(call)
}

func (c *checker) line(n ast.Node) string {
	return strconv.Itoa(c.p.Fset.Position(n.Pos()).Line)
}

// onceRequest returns the request variable sent by send and the NewRequest call
// that made it, when every assignment of the variable is outside the attempt and
// makes a request with a body that can be read once, and the attempt does
// nothing else with the request than reading its fields and sending it.
func (c *checker) onceRequest(e ast.Expr, send *ast.CallExpr) (*types.Var, ast.Node) {
	v := c.localVar(e)
	if v == nil {
		return nil, nil
	}
	defs, ok := c.defsOutside(v)
	if !ok || len(defs) == 0 {
		return nil, nil
	}
	for _, d := range defs {
		call, ok := ast.Unparen(d).(*ast.CallExpr)
		if !ok {
			return nil, nil
		}
		body, ok := retryscope.IsNewRequest(c.info, call)
		if !ok || !c.consumable(body, nil) {
			return nil, nil
		}
	}
	if c.touched(v, send, requestFields) {
		return nil, nil
	}
	return v, defs[0]
}

// onceReader returns the body variable sent by send and the call that made it,
// under the same conditions as onceRequest.
func (c *checker) onceReader(e ast.Expr, send *ast.CallExpr) (*types.Var, ast.Node) {
	v := c.localVar(e)
	if v == nil || !c.consumable(e, send) {
		return nil, nil
	}
	defs, _ := c.defsOutside(v)
	return v, defs[0]
}

// consumable reports whether a body expression is a reader that a send reads to
// its end: a known reader constructor, or a local variable assigned only such
// constructors, outside the attempt, and not used inside it but by send.
func (c *checker) consumable(e ast.Expr, send *ast.CallExpr) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return readerConstructor(c.info, call)
	}
	v := c.localVar(e)
	if v == nil || c.touched(v, send, nil) {
		return false
	}
	defs, ok := c.defsOutside(v)
	if !ok || len(defs) == 0 {
		return false
	}
	for _, d := range defs {
		call, ok := ast.Unparen(d).(*ast.CallExpr)
		if !ok || !readerConstructor(c.info, call) {
			return false
		}
	}
	return true
}

// readers make a reader over data in memory; a send reads it to the end.
var readers = map[string]bool{
	"bytes.NewReader": true, "bytes.NewBuffer": true, "bytes.NewBufferString": true,
	"strings.NewReader": true,
}

func readerConstructor(info *types.Info, call *ast.CallExpr) bool {
	fn := code.Callee(info, call)
	return fn != nil && readers[fn.FullName()]
}

// localVar is the engine's reading of a local variable declared in the
// region's function before the attempt's code (DeclaredBefore).
func (c *checker) localVar(e ast.Expr) *types.Var { return c.p.Scope.DeclaredBefore(c.r, e) }

// defsOutside returns the values assigned to v in the region's function; ok is
// false when one of them is inside the attempt or v is assigned in a way that
// has no single value (a compound assignment, a range).
func (c *checker) defsOutside(v *types.Var) (defs []ast.Expr, ok bool) {
	ok = true
	code.TreeOf(c.info).Inspect(c.r.Func, defKinds, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if c.is(lhs, v) {
					d := code.RHS(n.Rhs, len(n.Lhs), i)
					ok = ok && d != nil && n.Tok != token.ADD_ASSIGN && !c.span.holds(n.Pos())
					defs = append(defs, d)
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if c.info.Defs[name] == v && len(n.Values) > 0 {
					d := code.RHS(n.Values, len(n.Names), i)
					ok = ok && d != nil
					defs = append(defs, d)
				}
			}
		case *ast.RangeStmt:
			ok = ok && !c.is(n.Key, v) && !c.is(n.Value, v)
		}
		return true
	})
	return defs, ok
}

func (c *checker) is(e ast.Expr, v *types.Var) bool {
	id, ok := e.(*ast.Ident)
	return ok && (c.info.Defs[id] == v || c.info.Uses[id] == v)
}

// requestFields are the request's fields an attempt may read or set without
// touching its body.
var requestFields = map[string]bool{
	"Header": true, "URL": true, "Method": true, "Host": true, "Proto": true,
	"Close": true, "Context": true, "Trailer": true,
}

// touched reports whether the attempt uses v anywhere but in send and in the
// allowed field selections: any other use may rewind or replace the body.
func (c *checker) touched(v *types.Var, send *ast.CallExpr, fields map[string]bool) bool {
	found := false
	code.TreeOf(c.info).WalkStack(c.r.Body, identKind, func(n ast.Node, path func() []ast.Node) bool {
		id := n.(*ast.Ident)
		if found || c.info.Uses[id] != v {
			return !found
		}
		stack := path()
		if send != nil && len(stack) > 1 && stack[len(stack)-2] == send {
			return true
		}
		if sel, ok := parentSelector(stack, id); ok && fields[sel.Sel.Name] && !assigned(stack, sel) {
			return true
		}
		found = true
		return false
	})
	return found
}

// parentSelector returns id's parent (the stack ends with id) when it is id.Field.
func parentSelector(stack []ast.Node, id *ast.Ident) (*ast.SelectorExpr, bool) {
	if len(stack) < 2 {
		return nil, false
	}
	sel, ok := stack[len(stack)-2].(*ast.SelectorExpr)
	return sel, ok && sel.X == id
}

// assigned reports whether sel (the stack ends with id, sel's X) is itself
// assigned: a field replaced in the attempt is a change this rule does not judge.
func assigned(stack []ast.Node, sel *ast.SelectorExpr) bool {
	if len(stack) < 3 {
		return false
	}
	as, ok := stack[len(stack)-3].(*ast.AssignStmt)
	if !ok {
		return false
	}
	for _, lhs := range as.Lhs {
		if lhs == sel {
			return true
		}
	}
	return false
}
