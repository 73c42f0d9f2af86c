package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// The end of an inner drain is no failure.
//
// A loop that asks for a page (a call that opens a stream), drains the stream
// in an inner loop until it says io.EOF, and goes round for the next page is
// pagination. The inner `if err == io.EOF { break }` is the page's normal
// end: the success path of the enclosing round, not a kind of failure
// (kindTest). Read as one, it made the enclosing loop look like a retry that
// goes round on io.EOF and returns every other error.
//
// For an enclosing loop, the io.EOF test of a drain in an inner loop (one
// that exhausts a source, loop_fresh.go) is therefore no outcome check, and
// the side it takes when the stream ended is no way from a failure back to
// the header. A drain whose other failures go round (`if err != nil { break
// }` back to the next listing) still retries those. An io.EOF test on the
// error of the enclosing loop's own attempt (a request whose connection the
// server closed) stays a test of a failure.

// drainEnds marks on every loop the io.EOF tests of the drains in the loops
// nested in it (endTests) and the blocks those tests go to when the stream
// ended (ends).
func (f *flow) drainEnds(loops []*loop) {
	for _, in := range loops {
		tests, ends := f.drainEndsOf(in)
		if len(tests) == 0 {
			continue
		}
		for _, l := range loops {
			if l == in || in.pos < l.pos || in.end > l.end {
				continue
			}
			if l.endTests == nil {
				l.endTests, l.ends = map[*cfg.Block]bool{}, map[*cfg.Block]bool{}
			}
			for i := range tests {
				l.endTests[tests[i]], l.ends[ends[i]] = true, true
			}
		}
	}
}

// drainEndsOf returns the io.EOF tests of loop in on the errors of a source it
// drains, and the blocks they go to when the stream ended, when those leave
// the loop.
func (f *flow) drainEndsOf(in *loop) (tests, ends []*cfg.Block) {
	errs := f.drainErrors(in)
	if len(errs) == 0 {
		return nil, nil
	}
	none := func(*cfg.Block) *outcomeCheck { return nil }
	for b, cond := range f.conditions(in) {
		onTrue, ok := f.eofTest(cond, errs)
		if !ok {
			continue
		}
		end := b.Succs[1]
		if onTrue {
			end = b.Succs[0]
		}
		if f.alwaysLeaves(in, end, none) {
			tests, ends = append(tests, b), append(ends, end)
		}
	}
	return tests, ends
}

// drainErrors returns the error variables assigned in loop in from calls
// that in drains to their end (exhausts).
func (f *flow) drainErrors(in *loop) []types.Object {
	var out []types.Object
	walkBody(f.info, f.fn.body, assignStmtKinds, func(n ast.Node) bool {
		as := n.(*ast.AssignStmt)
		if !in.contains(as.Pos()) || len(as.Rhs) != 1 || len(as.Lhs) < 2 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		lhs := make([]types.Object, len(as.Lhs))
		for i, e := range as.Lhs {
			lhs[i] = lhsObj(f.info, e)
		}
		if !f.exhausts(in, call, lhs) {
			return true
		}
		for _, o := range lhs {
			if o != nil && isErrorType(o.Type()) {
				out = appendNew(out, o)
			}
		}
		return true
	})
	return out
}

// eofTest recognises a whole condition that asks whether one of errs is
// io.EOF (err == io.EOF, errors.Is(err, io.EOF), or their negation), and
// says whether its true side is the end.
func (f *flow) eofTest(cond ast.Expr, errs []types.Object) (onTrue, ok bool) {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			onTrue, ok := f.eofTest(c.X, errs)
			return !onTrue, ok
		}
	case *ast.BinaryExpr:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return false, false
		}
		if f.isEOF(c.Y) && isErrVar(f.info, c.X, errs) || f.isEOF(c.X) && isErrVar(f.info, c.Y, errs) {
			return c.Op == token.EQL, true
		}
	case *ast.CallExpr:
		fn := code.Callee(f.info, c)
		if code.IsErrorsFunc(fn, "Is") && len(c.Args) == 2 && isErrVar(f.info, c.Args[0], errs) && f.isEOF(c.Args[1]) {
			return true, true
		}
	}
	return false, false
}

func (f *flow) isEOF(e ast.Expr) bool {
	id := code.NameIdent(e)
	return id != nil && code.IsObject(f.info.Uses[id], "io", "EOF")
}
