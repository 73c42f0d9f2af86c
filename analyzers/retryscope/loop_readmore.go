package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A parser that reads a stream a prefix at a time asks for more when the
// prefix holds no complete message:
//
//	n := 1
//	for {
//		err := parse(r, n) // r.Peek(n), then parse what is buffered
//		if !errors.Is(err, errNeedMore) {
//			return err
//		}
//		n = r.Buffered() + 1
//	}
//
// The answer "need more" says what to change, like a short buffer
// (loop_growbuffer.go): the size asked for. When the attempt reads a stream
// (it is, or takes, a value with a Read… or Peek… method), the loop goes
// round only on an error whose name says more input is needed (errNeedMore,
// ErrIncomplete, io.ErrShortBuffer), and every way from that failure back
// grows a size the attempt takes (n++, n += k, n *= 2, n = n<<1, or n set
// from the stream's Len() or Buffered()), each round is a larger request,
// and the read blocking for the missing bytes is the wait. The same size
// asked again, or a size grown on every error, leaves the read a retry.

// needMoreWords are what the name of an error that asks for more input says.
var needMoreWords = []string{"needmore", "moredata", "moreinput", "morebytes", "incomplete", "shortbuffer", "shortread", "notenough"}

// needMoreOnly reports whether the class holds one error only, one that
// says more input is needed (see above).
func (c errorClass) needMoreOnly() bool {
	return c.sentinel != nil && code.NameSays(c.sentinel.Name(), needMoreWords...)
}

// asksMore reports whether c's failure goes round only on a need-more error,
// past a growth of the size call asks a stream for (see above).
func (f *flow) asksMore(l *loop, c *outcomeCheck, call *ast.CallExpr) bool {
	streams := f.streamsRead(call)
	if len(streams) == 0 {
		return false
	}
	grows := f.sizeGrowths(l, call, streams)
	return len(grows) > 0 && f.retriesOnly(l, call, errorClass.needMoreOnly) && l.everyWayBack(c.failure(), holdsAny(grows))
}

// streamsRead returns the variables at the root of call's receiver and
// arguments whose type reads a stream.
func (f *flow) streamsRead(call *ast.CallExpr) []types.Object {
	operands := call.Args
	if recv, ok := code.MethodRecv(f.info, call); ok {
		operands = append([]ast.Expr{recv}, operands...)
	}
	var out []types.Object
	for _, e := range operands {
		if v, ok := code.Root(f.info, e, 0).(*types.Var); ok && readsStreamType(f.info.TypeOf(e)) {
			out = appendNew(out, types.Object(v))
		}
	}
	return out
}

// readsStreamType reports whether t has a method named Read… or Peek….
func readsStreamType(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && !types.IsInterface(t) {
		t = types.NewPointer(t)
	}
	ms := types.NewMethodSet(t)
	for i := range ms.Len() {
		if code.StartsWithWord(ms.At(i).Obj().Name(), "Read", "Peek") {
			return true
		}
	}
	return false
}

// sizeGrowths returns the statements in l that grow an integer declared
// outside l that call takes as an argument.
func (f *flow) sizeGrowths(l *loop, call *ast.CallExpr, streams []types.Object) map[ast.Stmt]bool {
	sizes := make(map[*types.Var]bool)
	for _, a := range call.Args {
		if v := code.VarOf(f.info, a); v != nil && code.IsInteger(v.Type()) && !l.contains(v.Pos()) {
			sizes[v] = true
		}
	}
	grows := make(map[ast.Stmt]bool)
	if len(sizes) == 0 {
		return grows
	}
	ast.Inspect(loopBody(l.stmt), func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			grows[s] = s.Tok == token.INC && sizes[code.VarOf(f.info, s.X)]
		case *ast.AssignStmt:
			grows[s] = len(s.Lhs) == 1 && len(s.Rhs) == 1 && sizes[code.VarOf(f.info, s.Lhs[0])] && f.growsSize(s, streams)
		}
		return true
	})
	return grows
}

// growsSize reports whether s, an assignment to a size, makes it larger:
// n += k, n *= k, n <<= k, n = n+k (or *, <<), or n set from a stream's
// Len() or Buffered().
func (f *flow) growsSize(s *ast.AssignStmt, streams []types.Object) bool {
	size := lhsObj(f.info, s.Lhs[0])
	switch s.Tok {
	case token.ADD_ASSIGN, token.MUL_ASSIGN, token.SHL_ASSIGN:
		return true
	case token.ASSIGN:
	default:
		return false
	}
	rhs := ast.Unparen(s.Rhs[0])
	if b, ok := rhs.(*ast.BinaryExpr); ok && (b.Op == token.ADD || b.Op == token.MUL || b.Op == token.SHL) {
		if mentions(f.info, b, []types.Object{size}) {
			return true
		}
		rhs = ast.Unparen(b.X)
	}
	call, ok := rhs.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 || !isMethodNamed(call, "Len") && !isMethodNamed(call, "Buffered") {
		return false
	}
	root, ok := code.MethodRoot(f.info, call, 0)
	return ok && slices.Contains(streams, types.Object(root))
}
