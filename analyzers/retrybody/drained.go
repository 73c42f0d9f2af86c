package retrybody

import (
	"go/ast"
	"go/types"
	"path/filepath"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A reader drained by the first attempt.
//
// A *bytes.Buffer, *bytes.Reader or *strings.Reader gives its data once: a
// read to the end leaves it empty, and neither http.NewRequest nor the
// transport seeks it back. An attempt that builds its request from such a
// reader made before the retry sends the data on the first attempt only; so
// does one that hands a *bytes.Buffer made before the retry to a call reading
// it as an io.Reader (a *bytes.Buffer cannot be seeked back; the seekable
// readers are left alone there, since a library may rewind them).
//
// A parameter counts as made before the retry when its type is one of those
// readers, or when it is an io.Reader that every call in the package fills
// with one (or with no body: nil, http.NoBody), itself or through a parameter
// of its own caller, and the function is never handed on as a value.

// forwardDepth bounds how many calls a reader is followed through, from the
// callers that make it or into the helpers that read it.
const forwardDepth = 3

// drained returns the finding for a call of the attempt that reads to the end
// a reader made once, before the retry, or "".
func (c *checker) drained(call *ast.CallExpr) string {
	if body, ok := retryscope.IsNewRequest(c.info, call); ok {
		v := c.localVar(body)
		if v == nil || c.touched(v, call, nil) {
			return ""
		}
		from := c.madeOnce(v, memoryReader)
		if from == "" {
			return ""
		}
		return "request body " + v.Name() + " (" + from + ") is read to the end by the first attempt of the " + c.r.Kind.String() +
			": every later attempt builds its request from the drained reader and sends an empty body; keep the bytes and make the reader inside the attempt"
	}
	fn := code.Callee(c.info, call)
	for i, arg := range call.Args {
		v := c.localVar(arg)
		if v == nil || !isBuffer(v.Type()) || !c.readsArg(call, i, forwardDepth) || c.touched(v, call, nil) {
			continue
		}
		if from := c.madeOnce(v, isBuffer); from != "" {
			return "buffer " + v.Name() + " (" + from + ") is read to the end by " + fn.Name() + " on the first attempt of the " + c.r.Kind.String() +
				": every later attempt gets it empty and sends nothing; keep the bytes and pass bytes.NewReader(data) made inside the attempt"
		}
	}
	return ""
}

// madeOnce says where v, a reader variable of the region's function, got a
// reader over bytes in memory before the retry: "made at line N", or for a
// parameter "a *bytes.Buffer parameter" or "a parameter; X at line N passes
// it"; "" when that cannot be shown. A parameter must be of a type ok
// accepts, or filled only with such readers by the package's calls.
func (c *checker) madeOnce(v *types.Var, ok func(types.Type) bool) string {
	defs, single := c.defsOutside(v)
	if !single {
		return ""
	}
	if len(defs) > 0 {
		for _, d := range defs {
			call, isCall := ast.Unparen(d).(*ast.CallExpr)
			if !isCall || !readerConstructor(c.info, call) {
				return ""
			}
		}
		return "made at line " + c.line(defs[0])
	}
	fn, i := paramOf(c.info, c.r.Func, v)
	switch {
	case fn == nil:
		return ""
	case ok(v.Type()):
		return "a " + types.TypeString(v.Type(), types.RelativeTo(v.Pkg())) + " parameter"
	}
	if made := c.passedReader(fn, i, forwardDepth); made != nil {
		return "a parameter; " + code.Callee(c.info, made).FullName() + " at " + c.lineIn(made, v) + " passes it"
	}
	return ""
}

// paramOf returns the function decl declares and the index of v among its
// parameters, or nil when v is none of them (or decl is a literal).
func paramOf(info *types.Info, decl ast.Node, v *types.Var) (*types.Func, int) {
	fn := code.DeclaredFunc(info, decl)
	if declaring, i := code.ParamOf(info, v); fn != nil && declaring == decl {
		return fn, i
	}
	return nil, 0
}

// passedReader returns a reader constructor call that fills parameter i of fn
// when every call of fn in the package passes one, no body, or a parameter of
// its caller that is filled the same way; nil otherwise (or when fn is also
// used as a value, or no call passes a reader).
func (c *checker) passedReader(fn *types.Func, i int, depth int) *ast.CallExpr {
	callers, called := code.Callers(c.info, c.p.Files, fn)
	if !called || len(callers) == 0 || depth == 0 {
		return nil
	}
	var made *ast.CallExpr
	for _, caller := range callers {
		okAll := true
		ast.Inspect(caller.Body, func(n ast.Node) bool {
			call, isCall := n.(*ast.CallExpr)
			if !okAll || !isCall || code.Callee(c.info, call) != fn {
				return okAll
			}
			if call.Ellipsis.IsValid() || i >= len(call.Args) {
				okAll = false
				return false
			}
			switch m := c.argReader(caller, call.Args[i], depth); {
			case m == nil:
				okAll = false
			case m != noBody && made == nil:
				made = m
			}
			return true
		})
		if !okAll {
			return nil
		}
	}
	return made
}

// noBody stands for an argument that passes no body at all.
var noBody = &ast.CallExpr{}

// argReader judges one argument given to a reader parameter: noBody for nil
// or http.NoBody, the constructor call of a reader over bytes in memory, the
// one found through the caller's own parameter; nil for anything else.
func (c *checker) argReader(caller *ast.FuncDecl, arg ast.Expr, depth int) *ast.CallExpr {
	arg = ast.Unparen(arg)
	if code.IsNil(c.info, arg) || isNoBody(c.info, arg) {
		return noBody
	}
	if call, ok := arg.(*ast.CallExpr); ok && readerConstructor(c.info, call) {
		return call
	}
	id, ok := arg.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := c.info.Uses[id].(*types.Var)
	fn, j := paramOf(c.info, caller, v)
	if fn == nil || code.AssignedIn(c.info, caller.Body, v) {
		return nil
	}
	return c.passedReader(fn, j, depth-1)
}

func isNoBody(info *types.Info, e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	return ok && code.IsObject(info.Uses[sel.Sel], "net/http", "NoBody")
}

// readsArg reports whether call reads its argument i as a reader: the
// parameter is an interface with Read and without Write (a reader, not a
// place to write), or a *bytes.Buffer parameter of a function of the package
// that only hands it on to calls that read it so.
func (c *checker) readsArg(call *ast.CallExpr, i int, depth int) bool {
	fn := code.Callee(c.info, call)
	if fn == nil || depth == 0 {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() && i >= sig.Params().Len()-1 || i >= sig.Params().Len() {
		return false
	}
	if t := sig.Params().At(i).Type(); types.IsInterface(t) {
		return hasMethod(t, "Read") && !hasMethod(t, "Write")
	}
	decl := c.p.Scope.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	p := retryscope.Params(c.info, decl.Type)
	if i >= len(p) || p[i] == nil || !isBuffer(p[i].Type()) {
		return false
	}
	return c.onlyHandedToReaders(decl.Body, p[i], depth-1)
}

// onlyHandedToReaders reports whether every use of v in body is an argument
// of a call that reads it as a reader (readsArg), and there is one. (The
// stack ends with the identifier; its parent comes before it.)
func (c *checker) onlyHandedToReaders(body ast.Node, v *types.Var, depth int) bool {
	uses, read := 0, 0
	code.WalkStack(body, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || c.info.Uses[id] != v {
			return true
		}
		uses++
		if len(stack) < 2 {
			return true
		}
		if call, ok := stack[len(stack)-2].(*ast.CallExpr); ok {
			for i, a := range call.Args {
				if a == id && c.readsArg(call, i, depth) {
					read++
				}
			}
		}
		return true
	})
	return read > 0 && read == uses
}

func hasMethod(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	_, ok := obj.(*types.Func)
	return ok
}

// memoryReader reports whether t is a pointer to a reader over bytes in
// memory that nothing rewinds: *bytes.Buffer, *bytes.Reader, *strings.Reader.
func memoryReader(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	return code.IsNamed(p.Elem(), "bytes", "Buffer") || code.IsNamed(p.Elem(), "bytes", "Reader") || code.IsNamed(p.Elem(), "strings", "Reader")
}

// isBuffer reports whether t is *bytes.Buffer, which cannot be read twice.
func isBuffer(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	return ok && code.IsNamed(p.Elem(), "bytes", "Buffer")
}

// lineIn is "line N" for n in the file of v, else "file.go:N".
func (c *checker) lineIn(n ast.Node, v *types.Var) string {
	at, in := c.p.Fset.Position(n.Pos()), c.p.Fset.Position(v.Pos())
	if at.Filename == in.Filename {
		return "line " + c.line(n)
	}
	return filepath.Base(at.Filename) + ":" + c.line(n)
}
