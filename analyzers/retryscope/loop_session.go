package retryscope

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A session loop: each round reads the next input from a stream and serves it.
//
// A server's session reads a command from its connection, dispatches it and
// reads the next (an SMTP or a line protocol session). When the read judges
// what it consumed and refuses it (a line too long, which it drained: `return
// "", errTooLong` after the stream read), the loop answers and goes round:
// the next round reads the next input, so nothing is done again and the read
// is no attempt of a retry (an item loop, loop_items.go, where the failure
// that goes round is the read's own verdict on its item). The read is a
// method of the package named as a read of the next item (readLine,
// ReadCommand: readName) that asks for nothing in particular, whose body
// reads from a stream (a bufio or textproto Reader, a net.Conn, an
// io.Reader), and every way from its failure back to the loop's header
// passes a test for a sentinel of the package that it returns only after
// that stream read. Going round on any other failure (the stream's own
// error: a dead connection spins), or on a sentinel it returns before it
// reads anything, repeats the read: a retry.

// servesNextInput reports whether c's attempt is such a read of the next
// input and the loop goes round only on its verdict on what it read.
func (f *flow) servesNextInput(l *loop, c *outcomeCheck) bool {
	if len(c.attempts) != 1 || len(c.vars) == 0 {
		return false
	}
	read := f.ownStreamRead(c.attempts[0])
	if read == nil {
		return false
	}
	ways := &retryWays{f: f, checks: []*outcomeCheck{c}, target: func(b *cfg.Block) bool { return b == l.header }, inside: l.holds, vars: c.vars}
	return ways.passOnly(func(ec errorClass) bool {
		return ec.sentinel != nil && ec.sentinel.Pkg() == f.pass.Pkg && f.returnedAfterRead(read, ec.sentinel)
	})
}

// ownStreamRead returns the body of the method of the package call names
// when it is named as a read of the next item, takes no request (only
// constants, numbers and contexts) and reads from a stream; else nil.
func (f *flow) ownStreamRead(call *ast.CallExpr) *ast.BlockStmt {
	fn := code.Callee(f.info, call)
	if fn == nil || fn.Signature().Recv() == nil || !readName(upperFirst(fn.Name())) {
		return nil
	}
	for _, a := range call.Args {
		tv, ok := f.info.Types[a]
		if !ok || tv.Value == nil && !IsContext(tv.Type) && !code.IsNumeric(tv.Type) {
			return nil
		}
	}
	node := f.res.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil || f.firstStreamRead(node.body) == nil {
		return nil
	}
	return node.body
}

// firstStreamRead returns the first call in body of a read method of a
// stream: a bufio.Reader's, a textproto.Reader's, a net.Conn's or an
// io.Reader's.
func (f *flow) firstStreamRead(body *ast.BlockStmt) *ast.CallExpr {
	var first *ast.CallExpr
	code.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || first != nil {
			return first == nil
		}
		fn := code.Callee(f.info, call)
		if fn != nil && fn.Signature().Recv() != nil && strings.HasPrefix(fn.Name(), "Read") && streamType(fn.Signature().Recv().Type()) {
			first = call
		}
		return first == nil
	})
	return first
}

// streamType reports whether t is a reader of a stream.
func streamType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	name := n.Obj().Pkg().Path() + "." + n.Obj().Name()
	return slices.Contains([]string{"bufio.Reader", "net/textproto.Reader", "net.Conn", "io.Reader"}, name)
}

// returnedAfterRead reports whether body returns v, and only after its first
// stream read.
func (f *flow) returnedAfterRead(body *ast.BlockStmt, v *types.Var) bool {
	read := f.firstStreamRead(body)
	returned := false
	for _, ret := range returnsOf(body) {
		if !slices.ContainsFunc(ret.Results, func(e ast.Expr) bool { return packageVar(f.info, e) == v }) {
			continue
		}
		if read == nil || ret.Pos() < read.End() {
			return false
		}
		returned = true
	}
	return returned
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
