package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// An authentication escalation is not a retry. A loop whose every way back to
// its attempt passes a test that the failure is an authentication failure
// (401 or 407, an auth error's class, a predicate named for it), and which on
// that way changes what the next attempt reads, asks with other credentials:
// none, then basic, then negotiate; no credentials, then those a helper
// fills in. The change is an assignment to a variable declared outside the
// loop that the attempt takes (mode = next, creds = fill()), a setter called
// on the attempt's receiver that writes a field the attempt reads back
// (c.setAccess(u, next) before c.do(req), which reads c.modes), or
// credentials set on the attempt's input (req.SetBasicAuth(u, p),
// req.Header.Set("Authorization", v)). A self-call under the same tests that
// hands on a parameter the attempt reads, set anew on every way to it
// (creds, err = fill(); return do(req, creds)), is the same escalation. The
// same request sent again on a 401, or a loop that goes round on every error
// while it refreshes a token, stays a retry. The change may also be a field
// set anew (loop_authcreds.go), and a 401 may be a case of a switch on the
// status (authCase).
//
// Following a redirect is no retry either: in a loop that tests its answer
// for a redirect, a way back that moves the target on from the answer (u =
// loc after loc, _ := resp.Location()) asks something new, and is left out of
// the ways that must escalate; a loop whose every way back follows a
// redirect or escalates is no retry. A self-call with no parameter set anew
// (it refreshes a token its receiver holds and calls itself again on every
// 401) stays an endless recursive retry: nothing caps it.

// escalatesAuth reports whether l goes back to c's attempt only on an
// authentication failure and, on every such way, changes what the attempt
// reads (see above).
func (f *flow) escalatesAuth(l *loop, c *outcomeCheck) bool {
	follows := f.followsRedirects(l, c)
	onWayBack := func(b *cfg.Block) bool { return l.holds(b) && !follows(b) }
	ways := &retryWays{f: f, checks: []*outcomeCheck{c}, target: func(b *cfg.Block) bool { return b == l.header }, inside: onWayBack, vars: c.vars}
	if !ways.passOnly(isAuthClass) {
		return false
	}
	changes := f.credentialChanges(l, c)
	return l.everyWayBack(c.failure(), func(b *cfg.Block) bool {
		return follows(b) || slices.ContainsFunc(b.Nodes, changes)
	})
}

// escalationTest returns the condition of a check whose failure goes round
// only to escalate or to follow a redirect: such a loop tells that answer
// apart from the failures it retries, as one that classifies them does; nil
// when there is none.
func (f *flow) escalationTest(l *loop, checks []*outcomeCheck) ast.Node {
	for _, c := range checks {
		if f.goesRoundOnFailure(l, checks, c) && f.escalatesAuth(l, c) {
			return condOf(c.block)
		}
	}
	return nil
}

// followsRedirects returns a test of the blocks of l that follow a redirect:
// when l tests its attempt's status for a redirect (redirectTests), the
// assignments that move the attempt's target on from what the attempt
// answered (u = loc after loc, _ := resp.Location(): advancingAssigns). A way
// back through one asks something new, not the failed request again.
func (f *flow) followsRedirects(l *loop, c *outcomeCheck) func(*cfg.Block) bool {
	if len(f.redirectTests(l)) == 0 {
		return func(*cfg.Block) bool { return false }
	}
	return holdsAny(f.advancingAssigns(l, c))
}

// credentialChanges returns a test of the loop's statements that change what
// the attempts read.
func (f *flow) credentialChanges(l *loop, c *outcomeCheck) func(ast.Node) bool {
	fields := f.fieldsAttemptsRead(append(f.roundGetters(l, c), c.attempts...))
	inputs := f.attemptInputs(l, c)
	return func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				v, isVar := lhsObj(f.info, lhs).(*types.Var)
				if isVar && !l.contains(v.Pos()) && f.setsAnew(as, v) && f.attemptsTake(l, c, []types.Object{v}) {
					return true // mode = next; creds, err = fill()
				}
				if f.setsCredentialField(as, lhs, fields, inputs) {
					return true // opts.Token = tok; c.token = tok
				}
			}
		}
		found := false
		code.Inspect(n, func(m ast.Node) bool {
			if _, ok := m.(*ast.FuncLit); ok {
				return false
			}
			if call, ok := m.(*ast.CallExpr); ok {
				found = f.writesFieldOf(call, fields) || f.setsCredentialsOn(call, inputs)
			}
			return !found
		})
		return found
	}
}

// attemptInputs returns the variables declared outside the loop that the
// attempts take as arguments (the request).
func (f *flow) attemptInputs(l *loop, c *outcomeCheck) map[types.Object]bool {
	out := map[types.Object]bool{}
	for _, call := range c.attempts {
		for _, a := range call.Args {
			if v, ok := code.Root(f.info, a, code.ThroughUnary).(*types.Var); ok && !l.contains(v.Pos()) && !IsContext(v.Type()) {
				out[v] = true
			}
		}
	}
	return out
}

// setsCredentialsOn reports whether call is a method called on one of
// inputs, or a field of it, that sets credentials: a method named for them
// (req.SetBasicAuth(u, p)) or one handed the name of an authorization header
// (req.Header.Set("Authorization", v)).
func (f *flow) setsCredentialsOn(call *ast.CallExpr, inputs map[types.Object]bool) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	if s := f.info.Selections[sel]; s == nil || s.Kind() != types.MethodVal || !inputs[code.Root(f.info, sel.X, code.ThroughUnary)] {
		return false
	}
	if strings.Contains(strings.ToLower(sel.Sel.Name), "auth") {
		return true
	}
	for _, a := range call.Args {
		if k, ok := code.String(f.info, a); ok && authHeaders[strings.ToLower(k)] {
			return true
		}
	}
	return false
}

// authHeaders are the request headers that carry credentials, lower case.
var authHeaders = map[string]bool{"authorization": true, "proxy-authorization": true}

// escalatesAuthOnce reports whether a self-call is reached from c's failure
// only on an authentication failure, and hands on, as itself, a parameter the
// attempts read that every way to the call sets anew (see above).
func (f *flow) escalatesAuthOnce(c *outcomeCheck, call *ast.CallExpr) bool {
	at := f.blocksOf([]*ast.CallExpr{call})
	ways := &retryWays{f: f, checks: []*outcomeCheck{c}, target: func(b *cfg.Block) bool { return at[b] }, inside: func(*cfg.Block) bool { return true }, vars: c.vars}
	if !ways.passOnly(isAuthClass) {
		return false
	}
	params := f.fn.params(f.info)
	for i, a := range call.Args {
		if i >= len(params) || params[i] == nil || code.VarOf(f.info, a) != params[i] || !f.attemptsRead(c.attempts, params[i]) {
			continue
		}
		p := params[i]
		if f.passedOnEveryWay(call, func(n ast.Node) bool { return f.setsAnew(n, p) }) {
			return true
		}
	}
	return false
}

// setsAnew reports whether n assigns v a value other than itself.
func (f *flow) setsAnew(n ast.Node, v *types.Var) bool {
	as, ok := n.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN {
		return false
	}
	for i, lhs := range as.Lhs {
		if lhsObj(f.info, lhs) == types.Object(v) && (len(as.Rhs) != len(as.Lhs) || !mentions(f.info, as.Rhs[i], []types.Object{v})) {
			return true
		}
	}
	return false
}
