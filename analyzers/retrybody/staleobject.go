package retrybody

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A Kubernetes object read once and updated on every attempt of a conflict
// retry.
//
// An update (controller-runtime's Update and Status().Update, a typed
// client's Update and UpdateStatus) is conditional on the resourceVersion the
// object carries; the API server answers 409 Conflict when the object changed
// since it was read. A failed update leaves the object as it was, so an
// attempt that updates an object read before the retry, without reading it
// again, sends the same stale resourceVersion every time: after one conflict
// every attempt conflicts. The finding needs a retry that provably goes round
// on the conflict (retryscope's RetriesConflict), an update whose error the
// attempt hands back, and an object variable of the enclosing function that
// the attempt uses only in ways that cannot replace it: reading and setting
// its fields (ObjectMeta and ResourceVersion aside), its metadata accessors
// (SetResourceVersion aside), the metadata helpers of apimachinery's meta/v1
// and controller-runtime's controllerutil, updates, and functions of the
// package that do only those. Anything else (a Get into it, an assignment, a
// Patch, which refreshes it, an unknown call given it) may read it again. An
// object built from a literal and never handed to a call carries no
// resourceVersion: its update is unconditional, and it is not reported.

const (
	metav1Pkg         = "k8s.io/apimachinery/pkg/apis/meta/v1"
	crClientPkg       = "sigs.k8s.io/controller-runtime/pkg/client"
	controllerutilPkg = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// maxHelperDepth bounds how deep the walk follows the package's helpers.
const maxHelperDepth = 3

// staleUpdate returns the finding for call, in the attempt of a region that
// goes round on a conflict, when it updates (itself or through a helper of
// the package) an object read before the region that the attempt never reads
// again; else "".
func (c *checker) staleUpdate(call *ast.CallExpr) string {
	if !c.handsBackError(call) {
		return ""
	}
	arg, what := c.updatedArg(call)
	v := c.localVar(unaddr(arg))
	if v == nil || c.builtNotRead(v) || c.aliased(v) || c.rereads(c.r.Body, v, 0) {
		return ""
	}
	retry := "conflict retry"
	if !c.r.Classified() {
		retry = "retry"
	}
	return what + " sends " + v.Name() + " read before the " + retry + ": after a conflict every attempt sends the same stale resourceVersion and fails again; Get " +
		v.Name() + " again at the start of each attempt, or Patch it"
}

// handsBackError reports whether the call's failure reaches the retry: an
// attempt of a loop, or a call of a callback whose error the callback returns.
func (c *checker) handsBackError(call *ast.CallExpr) bool {
	if !slices.Contains(c.r.Attempts, call) {
		return false
	}
	return c.r.Kind != retryscope.CallbackRegion || returnsErrorOf(c.info, c.r.Body, call)
}

// updatedArg returns the object call updates and how to name the update:
// the object argument of an update, or the argument a function of the package
// updates through its parameter (and hands back the update's error).
func (c *checker) updatedArg(call *ast.CallExpr) (ast.Expr, string) {
	if obj := updatedObject(c.info, call); obj != nil {
		return obj, code.Callee(c.info, call).Name()
	}
	decl := c.p.Scope.FuncDecl(code.Callee(c.info, call))
	if decl == nil || decl.Body == nil || call.Ellipsis.IsValid() {
		return nil, ""
	}
	for i, p := range paramVars(c.info, decl) {
		if i < len(call.Args) && p != nil && c.updatesParam(decl.Body, p) {
			return call.Args[i], decl.Name.Name + "'s Update"
		}
	}
	return nil, ""
}

// updatesParam reports whether body updates p, hands back the update's error
// and never reads p again.
func (c *checker) updatesParam(body *ast.BlockStmt, p *types.Var) bool {
	updates := false
	code.TreeOf(c.info).Inspect(body, callKinds, func(n ast.Node) bool {
		call := n.(*ast.CallExpr)
		if obj := updatedObject(c.info, call); obj != nil && code.VarOf(c.info, unaddr(obj)) == p && returnsErrorOf(c.info, body, call) {
			updates = true
		}
		return !updates
	})
	return updates && !c.rereads(body, p, 1)
}

// updatedObject returns the object argument of an update of a Kubernetes
// object: a method Update or UpdateStatus of controller-runtime's client, or
// one of a typed client (ctx, object pointer, metav1.UpdateOptions); else nil.
func updatedObject(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn := code.Callee(info, call)
	if fn == nil || !code.IsMethod(fn) || (fn.Name() != "Update" && fn.Name() != "UpdateStatus") || len(call.Args) < 2 {
		return nil
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == crClientPkg {
		return call.Args[1]
	}
	ps := fn.Signature().Params()
	if ps.Len() < 3 || !retryscope.IsContext(ps.At(0).Type()) || !code.IsNamed(ps.At(2).Type(), metav1Pkg, "UpdateOptions") {
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
func (c *checker) builtNotRead(v *types.Var) bool {
	fresh := false
	for _, d := range code.DefsOf(c.info, v) {
		if !d.ByName() || d.Value != nil && !builtObject(c.info, d.Value) {
			return false
		}
		fresh = true
	}
	if !fresh {
		return false // a parameter
	}
	passed := false
	code.TreeOf(c.info).Inspect(c.r.Func, callKinds, func(n ast.Node) bool {
		call := n.(*ast.CallExpr)
		if !c.span.holds(call.Pos()) {
			for _, a := range call.Args {
				passed = passed || code.VarOf(c.info, unaddr(a)) == v
			}
		}
		return !passed
	})
	return !passed
}

// aliased reports whether, outside the attempt, v (or its address) is copied
// into another variable, or assigned by a function literal that captures it:
// the attempt may read the object again through that alias or literal.
func (c *checker) aliased(v *types.Var) bool {
	for _, d := range code.DefsOf(c.info, v) {
		if lit, ok := d.Func.(*ast.FuncLit); ok && !c.span.holds(d.Stmt.Pos()) && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) {
			return true
		}
	}
	copied := false
	code.TreeOf(c.info).Inspect(c.r.Func, defKinds, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if ok && !c.span.holds(as.Pos()) {
			for _, e := range as.Rhs {
				copied = copied || code.VarOf(c.info, unaddr(e)) == v
			}
		}
		return !copied
	})
	return copied
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

func unaddr(e ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		return ast.Unparen(u.X)
	}
	return ast.Unparen(e)
}

// rereads reports whether some use of v in body may give it a fresh copy of
// the object (see the package comment for the uses that cannot).
func (c *checker) rereads(body ast.Node, v *types.Var, depth int) bool {
	found := false
	code.TreeOf(c.info).WalkStack(body, identKind, func(n ast.Node, path func() []ast.Node) bool {
		if found || c.info.Uses[n.(*ast.Ident)] != v {
			return !found
		}
		found = !c.keepsObject(path(), depth)
		return !found
	})
	return found
}

// keepsObject decides one use of the object variable (the stack ends with its
// identifier): true when the use cannot replace the object it holds.
func (c *checker) keepsObject(stack []ast.Node, depth int) bool {
	cur, i := stack[len(stack)-1].(ast.Expr), len(stack)-2
	field, meta := false, false
climb:
	for ; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr, *ast.StarExpr, *ast.TypeAssertExpr:
			cur = p.(ast.Expr)
			continue
		case *ast.SelectorExpr:
			if sel := c.info.Selections[p]; sel != nil && sel.Kind() == types.MethodVal {
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
		return ok && slices.Contains(call.Args, ast.Expr(p)) && c.keepingCall(call, p, depth)
	case *ast.CallExpr:
		return field || slices.Contains(p.Args, cur) && c.keepingCall(p, cur, depth)
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
func (c *checker) keepingCall(call *ast.CallExpr, arg ast.Expr, depth int) bool {
	if updatedObject(c.info, call) == arg {
		return true
	}
	fn := code.Callee(c.info, call)
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
	decl := c.p.Scope.FuncDecl(fn)
	if decl == nil || decl.Body == nil || depth >= maxHelperDepth || call.Ellipsis.IsValid() {
		return false
	}
	params := paramVars(c.info, decl)
	k := slices.Index(call.Args, arg)
	return k >= 0 && k < len(params) && (params[k] == nil || !c.rereads(decl.Body, params[k], depth+1))
}

// paramVars is retryscope.Params, nil when the last parameter is variadic:
// the call's arguments then do not line up with the parameters.
func paramVars(info *types.Info, decl *ast.FuncDecl) []*types.Var {
	if fields := decl.Type.Params.List; len(fields) > 0 {
		if _, variadic := fields[len(fields)-1].Type.(*ast.Ellipsis); variadic {
			return nil
		}
	}
	return retryscope.Params(info, decl.Type)
}
