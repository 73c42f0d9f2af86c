package retryscope

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A state poll asks the same question every round. A call that moves its
// input on answers a new one each time: a parser taking the next argument
// (f.parseOne()), a decoder reading the next block (d.readBlock()). Its
// loop goes round at once because there is more input, not because a state
// lasts. Such a call is named for taking the next item, in either case
// (readBlock, parseOne, nextToken), or is a method of this package that
// writes its receiver's fields.

// advancePrefixes name the functions that take the next item of an input.
var advancePrefixes = []string{"read", "recv", "receive", "next", "parse", "scan", "decode", "consume", "pop", "take"}

// takesNextItem reports whether call takes the next item of an input.
func (f *flow) takesNextItem(call *ast.CallExpr) bool {
	fn := code.Callee(f.info, call)
	if fn == nil {
		return false
	}
	if advanceName(fn.Name()) {
		return true
	}
	callee := f.res.funcs.byObj[fn.Origin()]
	return callee != nil && writesReceiver(f.info, callee)
}

// advanceName reports whether name starts with an advance prefix as a word,
// whatever the case of its first letter: readBlock, ParseOne, next; not
// Ready or Nextcloud.
func advanceName(name string) bool {
	return code.StartsWithWord(strings.ToLower(name[:1])+name[1:], advancePrefixes...)
}

// writesReceiver reports whether a method assigns to a field of its
// receiver (r.args = r.args[1:], r.pos++).
func writesReceiver(info *types.Info, fn *funcNode) bool {
	sig, ok := fn.obj.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || fn.body == nil {
		return false
	}
	recv := sig.Recv()
	writes := false
	code.Inspect(fn.body, func(n ast.Node) bool {
		var targets []ast.Expr
		switch s := n.(type) {
		case *ast.AssignStmt:
			targets = s.Lhs
		case *ast.IncDecStmt:
			targets = []ast.Expr{s.X}
		}
		for _, t := range targets {
			if sel, ok := ast.Unparen(t).(*ast.SelectorExpr); ok && code.Root(info, sel, code.ThroughIndex) == recv {
				writes = true
			}
		}
		return !writes
	})
	return writes
}
