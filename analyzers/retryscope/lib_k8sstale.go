package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A Kubernetes object read once and updated on every attempt of a conflict
// retry.
//
// An update (controller-runtime's Update and Status().Update, a typed
// client's Update and UpdateStatus, a client.Merge Patch) is conditional on the resourceVersion the
// object carries; the API server answers 409 Conflict when the object changed
// since it was read. A failed update leaves the object as it was, so an
// attempt that updates an object read before the retry, without reading it
// again, sends the same stale resourceVersion every time: after one conflict
// every attempt conflicts. Such an update needs a retry that provably goes
// round on the conflict (RetriesConflict), an update whose error the attempt
// hands back, and an object variable of the enclosing function that the
// attempt uses only in ways that cannot replace it: reading and setting its
// fields (ObjectMeta and ResourceVersion aside), its metadata accessors
// (SetResourceVersion aside), the metadata helpers of apimachinery's meta/v1
// and controller-runtime's controllerutil, updates, and functions of the
// package that do only those. Anything else (a Get into it, an assignment, a
// Patch of another kind, which refreshes it, an unknown call given it) may
// read it again. An
// object built from a literal and never handed to a call carries no
// resourceVersion: its update is unconditional, and it is not stale.

const (
	metav1Pkg         = "k8s.io/apimachinery/pkg/apis/meta/v1"
	crClientPkg       = "sigs.k8s.io/controller-runtime/pkg/client"
	controllerutilPkg = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// maxStaleHelperDepth bounds how deep the reading follows the package's
// helpers.
const maxStaleHelperDepth = 3

var identKinds = []ast.Node{(*ast.Ident)(nil)}

// StaleUpdate is an attempt's call that updates an object read before the
// retry and never read again in the attempt.
type StaleUpdate struct {
	// Call is the attempt: the update, or a call of a function of the
	// package that updates its argument and hands back the update's error.
	Call *ast.CallExpr
	// Object is the variable that holds the object, declared before the retry.
	Object *types.Var
	// Update names the update: "Update", "UpdateStatus", "Patch", or "save's
	// Update" for a function save of the package.
	Update string
	// After, when set, is an earlier update of the same object in the
	// attempt, through a client that leaves its argument as it was: Call
	// sends the resourceVersion from before it (lib_k8sresent.go).
	After *ast.CallExpr
}

// StaleUpdates returns the attempts of a region that goes round on a
// conflict (RetriesConflict) which update an object read before the region
// that the attempt never reads again, in the order of r.Attempts.
func (res *Result) StaleUpdates(r *Region) []StaleUpdate {
	pos, end, ok := res.Span(r)
	if !ok || r.Body == nil || r.Func == nil || res.info == nil || !res.RetriesConflict(r) {
		return nil
	}
	s := &staleReading{res: res, info: res.info, r: r, pos: pos, end: end}
	var out []StaleUpdate
	for _, call := range r.Attempts {
		if call.Pos() < r.Body.Pos() || call.Pos() >= r.Body.End() {
			continue
		}
		if u, ok := s.staleUpdate(call); ok {
			out = append(out, u)
		} else if u, ok := s.resentUpdate(call); ok {
			out = append(out, u)
		}
	}
	return out
}

// DeclaredBefore returns the local variable e names when it is declared in
// the region's function, before the code that runs again (Span); else nil.
func (res *Result) DeclaredBefore(r *Region, e ast.Expr) *types.Var {
	pos, end, ok := res.Span(r)
	if !ok || r.Func == nil || res.info == nil {
		return nil
	}
	s := &staleReading{res: res, info: res.info, r: r, pos: pos, end: end}
	return s.localVar(e)
}

// staleReading reads one region's attempts for stale updates.
type staleReading struct {
	res  *Result
	info *types.Info
	r    *Region
	// pos and end are the region's Span: the code that runs again.
	pos, end token.Pos
}

func (s *staleReading) inAttempt(p token.Pos) bool { return s.pos <= p && p < s.end }

// staleUpdate reads call, an attempt: ok when it updates (itself or through a
// helper of the package) an object read before the region that the attempt
// never reads again.
func (s *staleReading) staleUpdate(call *ast.CallExpr) (StaleUpdate, bool) {
	if s.r.Kind == CallbackRegion && !returnsErrorOf(s.info, s.r.Body, call) {
		return StaleUpdate{}, false
	}
	arg, what := s.updatedArg(call)
	v := s.localVar(unaddr(arg))
	if v == nil || s.builtNotRead(v) || s.aliased(v) || s.versionSetBefore(v) || s.rereads(s.r.Body, v, 0) {
		return StaleUpdate{}, false
	}
	return StaleUpdate{Call: call, Object: v, Update: what}, true
}

// localVar returns the local variable e names when it is declared in the
// region's function, before the attempt's code.
func (s *staleReading) localVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := s.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || s.inAttempt(v.Pos()) || v.Pos() < s.r.Func.Pos() || v.Pos() >= s.pos {
		return nil
	}
	return v
}

// updatedArg returns the object call updates and how to name the update:
// the object argument of an update, or the argument a function of the package
// updates through its parameter (and hands back the update's error).
func (s *staleReading) updatedArg(call *ast.CallExpr) (ast.Expr, string) {
	if obj := updatedObject(s.info, call); obj != nil {
		return obj, code.Callee(s.info, call).Name()
	}
	decl := s.res.FuncDecl(code.Callee(s.info, call))
	if decl == nil || decl.Body == nil || call.Ellipsis.IsValid() {
		return nil, ""
	}
	for i, p := range alignedParams(s.info, decl) {
		if i < len(call.Args) && p != nil {
			if update := s.updatesParam(decl.Body, p); update != "" {
				return call.Args[i], decl.Name.Name + "'s " + update
			}
		}
	}
	return nil, ""
}

// updatesParam returns the name of the update when body updates p, hands
// back the update's error and never reads p again; else "".
func (s *staleReading) updatesParam(body *ast.BlockStmt, p *types.Var) string {
	update := ""
	code.TreeOf(s.info).Inspect(body, callKinds, func(n ast.Node) bool {
		call := n.(*ast.CallExpr)
		if obj := updatedObject(s.info, call); obj != nil && code.VarOf(s.info, unaddr(obj)) == p && returnsErrorOf(s.info, body, call) {
			update = code.Callee(s.info, call).Name()
		}
		return update == ""
	})
	if update == "" || s.rereads(body, p, 1) {
		return ""
	}
	return update
}

// updatedObject returns the object argument of an update of a Kubernetes
// object: a method Update or UpdateStatus of controller-runtime's client, or
// one of a typed client (ctx, object pointer, metav1.UpdateOptions), or a
// client.Merge Patch (lib_k8smergepatch.go); else nil.
func updatedObject(info *types.Info, call *ast.CallExpr) ast.Expr {
	if obj := mergePatchedObject(info, call); obj != nil {
		return obj
	}
	fn := code.Callee(info, call)
	if fn == nil || !code.IsMethod(fn) || (fn.Name() != "Update" && fn.Name() != "UpdateStatus") || len(call.Args) < 2 {
		return nil
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == crClientPkg {
		return call.Args[1]
	}
	ps := fn.Signature().Params()
	if ps.Len() < 3 || !IsContext(ps.At(0).Type()) || !code.IsNamed(ps.At(2).Type(), metav1Pkg, "UpdateOptions") {
		return nil
	}
	if _, ptr := ps.At(1).Type().Underlying().(*types.Pointer); !ptr {
		return nil
	}
	return call.Args[1]
}

// returnsErrorOf reports whether body hands back call's error: the call is a
// returned result, or assigned to a variable a return mentions.
func returnsErrorOf(info *types.Info, body ast.Node, call *ast.CallExpr) bool {
	var errVar types.Object
	found := false
	code.WalkStack(body, func(n ast.Node, stack []ast.Node) bool {
		if n != call || len(stack) < 2 {
			return !found
		}
		switch p := stack[len(stack)-2].(type) {
		case *ast.ReturnStmt:
			found = true
		case *ast.AssignStmt:
			if len(p.Rhs) == 1 && len(p.Lhs) > 0 {
				errVar = code.VarOf(info, p.Lhs[len(p.Lhs)-1])
			}
		}
		return false
	})
	if found || errVar == nil {
		return found
	}
	code.Inspect(body, func(n ast.Node) bool {
		if ret, ok := n.(*ast.ReturnStmt); ok && !found {
			for _, r := range ret.Results {
				found = found || code.Mentions(info, r, func(o types.Object) bool { return o == errVar })
			}
		}
		return !found
	})
	return found
}

// builtNotRead reports whether v, a local variable, only ever holds objects
// built from a literal (or new) and is handed to no call outside the attempt:
// nothing read it from the API server.
func (s *staleReading) builtNotRead(v *types.Var) bool {
	fresh := false
	for _, d := range code.DefsOf(s.info, v) {
		if !d.ByName() || d.Value != nil && !builtObject(s.info, d.Value) {
			return false
		}
		fresh = true
	}
	if !fresh {
		return false // a parameter
	}
	passed := s.usedOutsideAttempt(v, callKinds, func(n ast.Node) []ast.Expr { return n.(*ast.CallExpr).Args })
	return !passed
}

// usedOutsideAttempt reports whether, outside the attempt, a node of kinds
// has v (or its address) among the expressions exprs gives of it.
func (s *staleReading) usedOutsideAttempt(v *types.Var, kinds []ast.Node, exprs func(ast.Node) []ast.Expr) bool {
	used := false
	code.TreeOf(s.info).Inspect(s.r.Func, kinds, func(n ast.Node) bool {
		if !s.inAttempt(n.Pos()) {
			for _, e := range exprs(n) {
				used = used || code.VarOf(s.info, unaddr(e)) == v
			}
		}
		return !used
	})
	return used
}

// aliased reports whether, outside the attempt, v (or its address) is copied
// into another variable, or assigned by a function literal that captures it:
// the attempt may read the object again through that alias or literal.
func (s *staleReading) aliased(v *types.Var) bool {
	for _, d := range code.DefsOf(s.info, v) {
		if lit, ok := d.Func.(*ast.FuncLit); ok && !s.inAttempt(d.Stmt.Pos()) && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) {
			return true
		}
	}
	return s.usedOutsideAttempt(v, assignStmtKinds, func(n ast.Node) []ast.Expr { return n.(*ast.AssignStmt).Rhs })
}

// builtObject: T{...}, &T{...} or new(T).
func builtObject(info *types.Info, e ast.Expr) bool {
	switch e := unaddr(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		return code.NewOf(info, e) != nil
	}
	return false
}

// unaddr returns x of &x, or e, without parentheses.
func unaddr(e ast.Expr) ast.Expr {
	if x := addressed(e); x != nil {
		return ast.Unparen(x)
	}
	return ast.Unparen(e)
}

// rereads reports whether some use of v in body may give it a fresh copy of
// the object (see the comment at the top for the uses that cannot).
func (s *staleReading) rereads(body ast.Node, v *types.Var, depth int) bool {
	found := false
	code.TreeOf(s.info).WalkStack(body, identKinds, func(n ast.Node, path func() []ast.Node) bool {
		if found || s.info.Uses[n.(*ast.Ident)] != v {
			return !found
		}
		found = !s.keepsObject(path(), depth)
		return !found
	})
	return found
}

// keepsObject decides one use of the object variable (the stack ends with its
// identifier): true when the use cannot replace the object it holds.
func (s *staleReading) keepsObject(stack []ast.Node, depth int) bool {
	cur, i := stack[len(stack)-1].(ast.Expr), len(stack)-2
	field, meta := false, false
climb:
	for ; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr, *ast.StarExpr, *ast.TypeAssertExpr:
			cur = p.(ast.Expr)
			continue
		case *ast.SelectorExpr:
			if sel := s.info.Selections[p]; sel != nil && sel.Kind() == types.MethodVal {
				call, ok := parentCall(stack, i, p)
				return ok && keepingMethod(sel.Obj().(*types.Func)) && call != nil
			}
			field, meta, cur = true, meta || p.Sel.Name == "ObjectMeta" || p.Sel.Name == "ResourceVersion", p
			continue
		}
		break climb
	}
	if i < 0 {
		return false
	}
	switch p := stack[i].(type) {
	case *ast.AssignStmt:
		if slices.Contains(p.Lhs, cur) {
			return field && !meta
		}
		return field
	case *ast.UnaryExpr:
		if p.Op != token.AND || i == 0 {
			return false
		}
		call, ok := stack[i-1].(*ast.CallExpr)
		return ok && slices.Contains(call.Args, ast.Expr(p)) && s.keepingCall(call, p, depth)
	case *ast.CallExpr:
		return field || slices.Contains(p.Args, cur) && s.keepingCall(p, cur, depth)
	case *ast.BinaryExpr:
		return true
	}
	return field
}

// parentCall returns the call whose function is sel (stack[i]).
func parentCall(stack []ast.Node, i int, sel *ast.SelectorExpr) (*ast.CallExpr, bool) {
	if i == 0 {
		return nil, false
	}
	call, ok := stack[i-1].(*ast.CallExpr)
	return call, ok && call.Fun == sel
}

// keepingMethod: a metadata accessor of meta/v1 (SetResourceVersion aside),
// or a deep copy.
func keepingMethod(fn *types.Func) bool {
	if strings.HasPrefix(fn.Name(), "DeepCopy") {
		return true
	}
	return fn.Pkg() != nil && fn.Pkg().Path() == metav1Pkg && fn.Name() != "SetResourceVersion"
}

// keepingCall reports whether call, handed arg (the object, or its address),
// cannot replace the object: an update, a metadata helper, a function of
// fmt, or a function of the package whose parameter keeps it.
func (s *staleReading) keepingCall(call *ast.CallExpr, arg ast.Expr, depth int) bool {
	if updatedObject(s.info, call) == arg {
		return true
	}
	fn := code.Callee(s.info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch path := fn.Pkg().Path(); {
	case path == metav1Pkg, path == "fmt":
		return !code.IsMethod(fn)
	case path == controllerutilPkg:
		return !strings.HasPrefix(fn.Name(), "CreateOr")
	case path == crClientPkg:
		return fn.Name() == "ObjectKeyFromObject" || fn.Name() == "MergeFrom"
	}
	decl := s.res.FuncDecl(fn)
	if decl == nil || decl.Body == nil || depth >= maxStaleHelperDepth || call.Ellipsis.IsValid() {
		return false
	}
	params := alignedParams(s.info, decl)
	k := slices.Index(call.Args, arg)
	return k >= 0 && k < len(params) && (params[k] == nil || !s.rereads(decl.Body, params[k], depth+1))
}

// alignedParams is Params, nil when the last parameter is variadic: the
// call's arguments then do not line up with the parameters.
func alignedParams(info *types.Info, decl *ast.FuncDecl) []*types.Var {
	if fields := decl.Type.Params.List; len(fields) > 0 {
		if _, variadic := fields[len(fields)-1].Type.(*ast.Ellipsis); variadic {
			return nil
		}
	}
	return Params(info, decl.Type)
}
