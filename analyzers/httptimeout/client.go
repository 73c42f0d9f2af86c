package httptimeout

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// construction decides about one http.Client literal or new(http.Client): fine
// when it sets Timeout, when the variable, field or package-level variable it
// is stored in gets a Timeout before the client is used or leaves the function,
// or when a local client only ever sends requests whose context has a deadline.
func (c *checker) construction(e ast.Expr, lit *ast.CompositeLit, stack []ast.Node) {
	if t := field(lit, "Timeout"); t != nil && !isZero(c.info, t) {
		return
	}
	transports := []ast.Expr{field(lit, "Transport")}
	c.unboundedSend = sendNote{}
	outer, parent := climb(stack)
	body := outermostBody(stack)
	var held *holding // the local variable the client is put in (onesend.go)
	switch p := parent.(type) {
	case *ast.AssignStmt:
		if i := indexOf(p.Rhs, outer); i >= 0 && len(p.Lhs) == len(p.Rhs) {
			held = c.holdingOf(p.Lhs[i], p, body)
			ok, tr := c.stored(p.Lhs[i], p.End(), body)
			if ok {
				return
			}
			transports = append(transports, tr...)
		}
	case *ast.ValueSpec:
		if i := indexOf(p.Values, outer); i >= 0 && len(p.Names) == len(p.Values) {
			held = c.holdingOf(p.Names[i], p, body)
			ok, tr := c.stored(p.Names[i], p.End(), body)
			if ok {
				return
			}
			transports = append(transports, tr...)
		}
	case *ast.CallExpr:
		if i := indexOf(p.Args, outer); i >= 0 && c.setsTimeout(p, i, 0) {
			return
		}
		if c.sentInline(outer, stack, body) {
			return // handed to a function of the package that sends with a deadline
		}
	case *ast.SelectorExpr:
		if c.sentInline(outer, stack, body) {
			return // (&http.Client{...}).Do(req) of a request with a deadline (deadline.go)
		}
	case *ast.KeyValueExpr:
		if f := c.storedField(outer, p); c.fieldSendsWithDeadline(f) || c.fieldNeverRead(f) {
			return // fields.go
		}
		if p.Value == outer && c.timeoutAfterLiteral(p) {
			return // set after the literal (fields_later.go)
		}
	case *ast.CompositeLit:
		if f := c.storedField(outer, p); c.fieldSendsWithDeadline(f) || c.fieldNeverRead(f) {
			return // a positional element: as the keyed one (fields.go)
		}
	}
	if c.callerFallback(outer, stack, "a new http.Client") {
		return // the caller's choice (fallback.go)
	}
	if c.copiedOverFallback(outer, parent, stack) {
		return // a placeholder for the caller's client (overwrite.go)
	}
	if c.foreignVariable(outer, parent) {
		return // another package's client from now on (foreignvar.go)
	}
	if c.handOff(outer, parent) {
		return // handed to another package (handoff.go)
	}
	if c.unixOnly(transports, body) {
		return // local IPC over a unix socket (local.go)
	}
	layers := c.layers(transports, body)
	if slices.Contains(layers, headerLayer) {
		return // an answer is waited for a bounded time; only the body is open
	}
	if c.sameSendsReported(held) {
		return // an earlier client of the same variable names these sends
	}
	c.reportClient(e, lit == nil, layers)
	c.noteReported(held)
}

// climb returns the outermost expression that is still the client (through
// parentheses and &) and its parent node.
func climb(stack []ast.Node) (ast.Expr, ast.Node) {
	i := len(stack) - 1
	outer := stack[i].(ast.Expr)
	for i > 0 {
		switch p := stack[i-1].(type) {
		case *ast.ParenExpr:
			outer = p
			i--
			continue
		case *ast.UnaryExpr:
			if p.Op == token.AND {
				outer = p
				i--
				continue
			}
		}
		break
	}
	if i == 0 {
		return outer, nil
	}
	return outer, stack[i-1]
}

func indexOf(list []ast.Expr, e ast.Expr) int {
	for i, x := range list {
		if x == e {
			return i
		}
	}
	return -1
}

// stored decides about a client assigned to lhs: a local variable is followed
// through the function, a package-level variable through the package, a field
// through the function (s.client.Timeout = ...). It returns whether a Timeout is
// set in time and the transports assigned on the way.
func (c *checker) stored(lhs ast.Expr, after token.Pos, body *ast.BlockStmt) (bool, []ast.Expr) {
	if v := code.VarOf(c.info, lhs); v != nil {
		if v.Parent() == c.p.Pkg.Scope() {
			return c.packageTimeout(v) || c.pkgVarSendsWithDeadline(v), nil // pkgvar.go
		}
		if body == nil {
			return false, nil
		}
		ok, transports := c.follow(v, after, body)
		if !ok && c.sendsWithDeadline(v, c.roundStart(v, after, body), body, nil, 0) {
			return true, nil // every request it sends has a deadline (deadline.go)
		}
		if !ok && c.handedOffVar(v, after, body) {
			return true, nil // only handed to another package (handoff.go)
		}
		return ok, transports
	}
	if _, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && body != nil {
		f := c.fieldOfSel(lhs)
		return c.fieldTimeout(lhs, after, body) || c.fieldSendsWithDeadline(f) || c.fieldNeverRead(f), nil
	}
	return false, nil
}

// follow walks the uses of a local client variable after its construction, in
// source order, until its Timeout is set (fine) or it is used, passed on,
// returned, stored or captured first (not fine). Field assignments and reads
// are configuration, not uses.
func (c *checker) follow(v *types.Var, after token.Pos, body *ast.BlockStmt) (bool, []ast.Expr) {
	var transports []ast.Expr
	decided, ok := false, false
	code.TreeOf(c.info).WalkStack(body, identKinds, func(n ast.Node, stack func() []ast.Node) bool {
		if decided {
			return false
		}
		id, isID := n.(*ast.Ident)
		if !isID || id.Pos() <= after || c.info.Uses[id] != v {
			return true
		}
		switch kind, rhs := c.useOf(id, stack()); kind {
		case useTimeout:
			decided, ok = true, true
		case useTransport:
			transports = append(transports, rhs)
		case useConfig:
		default:
			decided = true
		}
		return true
	})
	return ok, transports
}

type useKind int

const (
	useEscape    useKind = iota // used, passed on, returned, stored, captured
	useConfig                   // a field read or assignment
	useTimeout                  // Timeout assigned, or set by a wrapper
	useTransport                // Transport assigned
)

// useOf classifies one mention of a tracked client (a variable, or a client
// expression used where it is built); stack ends with id.
func (c *checker) useOf(id ast.Expr, stack []ast.Node) (useKind, ast.Expr) {
	i := len(stack) - 2
	if i < 0 {
		return useEscape, nil
	}
	switch p := stack[i].(type) {
	case *ast.SelectorExpr:
		if p.X != id {
			return useEscape, nil
		}
		if as, ok := parentAt(stack, i-1).(*ast.AssignStmt); ok {
			if j := indexOf(as.Lhs, p); j >= 0 {
				rhs := code.PairedRHS(as.Lhs, as.Rhs, j)
				switch {
				case p.Sel.Name == "Timeout" && rhs != nil && !isZero(c.info, rhs):
					return useTimeout, nil
				case p.Sel.Name == "Transport":
					return useTransport, rhs
				}
				return useConfig, nil
			}
		}
		if sel, ok := c.info.Selections[p]; ok && sel.Kind() == types.FieldVal {
			return useConfig, nil
		}
	case *ast.AssignStmt:
		if indexOf(p.Lhs, id) >= 0 {
			return useConfig, nil // the variable gets another client
		}
	case *ast.BinaryExpr:
		if (p.Op == token.EQL || p.Op == token.NEQ) && (code.IsNil(c.info, p.X) || code.IsNil(c.info, p.Y)) {
			return useConfig, nil // a nil check sends nothing
		}
	case *ast.TypeAssertExpr:
		if p.X == id && p.Type != nil && cannotSend(c.info.TypeOf(p.Type)) {
			return useConfig, nil // a look through an interface that cannot send
		}
	case *ast.CallExpr:
		if j := indexOf(p.Args, id); j >= 0 && (c.setsTimeout(p, j, 0) || c.configuredOutOfReach(p, j)) {
			return useTimeout, nil
		}
	case *ast.UnaryExpr:
		if call, ok := parentAt(stack, i-1).(*ast.CallExpr); ok && p.Op == token.AND {
			if j := indexOf(call.Args, p); j >= 0 && c.setsTimeout(call, j, 0) {
				return useTimeout, nil
			}
		}
	}
	return useEscape, nil
}

func parentAt(stack []ast.Node, i int) ast.Node {
	if i < 0 || i >= len(stack) {
		return nil
	}
	return stack[i]
}

// setsTimeout reports whether the call hands argument i to a function of the
// package that assigns the parameter's Timeout (directly or through another
// such function).
func (c *checker) setsTimeout(call *ast.CallExpr, i int, depth int) bool {
	fn := code.Callee(c.info, call)
	if fn == nil || depth > 3 {
		return false
	}
	decl := c.decls[fn.Origin()]
	if decl == nil || decl.Body == nil {
		return false
	}
	params := retryscope.Params(c.info, decl.Type)
	if i >= len(params) || params[i] == nil {
		return false
	}
	p := params[i]
	found := false
	code.TreeOf(c.info).Inspect(decl.Body, []ast.Node{(*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for j, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if ok && sel.Sel.Name == "Timeout" && code.VarOf(c.info, sel.X) == p {
					if rhs := code.PairedRHS(n.Lhs, n.Rhs, j); rhs != nil && !isZero(c.info, rhs) {
						found = true
					}
				}
			}
		case *ast.CallExpr:
			for j, a := range n.Args {
				if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
					a = u.X
				}
				if code.VarOf(c.info, a) == p && c.setsTimeout(n, j, depth+1) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// packageTimeout reports whether the package assigns a Timeout to a
// package-level client variable (in init or elsewhere).
func (c *checker) packageTimeout(v *types.Var) bool {
	for _, f := range c.p.Files {
		if c.assignsTimeout(f, func(x ast.Expr) bool { return code.VarOf(c.info, x) == v }, token.NoPos) {
			return true
		}
	}
	return false
}

// fieldTimeout reports whether the function assigns the Timeout of the same
// field expression (s.client.Timeout = ...) after the client was stored.
func (c *checker) fieldTimeout(lhs ast.Expr, after token.Pos, body *ast.BlockStmt) bool {
	want := types.ExprString(lhs)
	return c.assignsTimeout(body, func(x ast.Expr) bool { return types.ExprString(x) == want }, after)
}

// assignsTimeout reports whether root holds `x.Timeout = nonzero` after pos for
// an x the predicate accepts.
func (c *checker) assignsTimeout(root ast.Node, is func(ast.Expr) bool, after token.Pos) bool {
	found := false
	code.TreeOf(c.info).Inspect(root, []ast.Node{(*ast.AssignStmt)(nil)}, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if found || !ok || as.Pos() <= after {
			return !found
		}
		for j, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if ok && sel.Sel.Name == "Timeout" && is(sel.X) {
				if rhs := code.PairedRHS(as.Lhs, as.Rhs, j); rhs != nil && !isZero(c.info, rhs) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// reportClient reports a client construction without a timeout.
func (c *checker) reportClient(e ast.Expr, isNew bool, layers []string) {
	what := "http.Client"
	if isNew {
		what = "new(http.Client)"
	}
	what += " has no Timeout" + c.unboundedSendText(e)
	if len(layers) > 0 {
		c.p.Reportf(e, "%s: its Transport bounds only %s, so the whole request (reading the body included) is still unbounded; "+
			"set Timeout, or give every request a context with a deadline", what, joinAnd(layers))
		return
	}
	c.p.Reportf(e, "%s: a server that accepts the connection and never answers blocks every call forever; "+
		"set Timeout, or give every request a context with a deadline", what)
}

// joinAnd joins ["a", "b", "c"] as "a, b and c".
func joinAnd(list []string) string {
	if len(list) < 2 {
		return strings.Join(list, "")
	}
	return strings.Join(list[:len(list)-1], ", ") + " and " + list[len(list)-1]
}

// cannotSend reports whether t is an interface through which no request can be
// sent: none of its methods is one of http.Client's sends or takes a
// request (a Transport() accessor). A client asserted to it is read, not used.
func cannotSend(t types.Type) bool {
	if t == nil {
		return false // code that does not type-check
	}
	it, ok := types.Unalias(t).Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for m := range it.Methods() {
		switch m.Name() {
		case "Do", "Get", "Head", "Post", "PostForm", "RoundTrip", "Send":
			return false
		}
		sig := m.Type().(*types.Signature)
		for p := range sig.Params().Variables() {
			if code.IsNamed(p.Type(), "net/http", "Request") {
				return false
			}
		}
	}
	return true
}
