package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop whose attempt fails only where it reads a file of this machine goes
// round on a local failure:
//
//	r := bufio.NewReader(f) // f from os.Open
//	readLines := func() error {
//		for { line, err := r.ReadString('\n'); if err != nil { return err }; out <- line }
//	}
//	for { if err := readLines(); err != io.EOF { return err }; <wait for the file to grow> }
//
// is the tail of a local file: after io.EOF it waits and reads on. What else
// the attempt does with what it read (hands it to a channel, counts it) may
// reach anything, but no other system's failure sends the loop round, so
// nothing remote is retried. The attempt's every error is nil, a context's
// error, or the error of a method called on an *os.File opened in the
// package (os.Open, OpenFile, Create) or on a bufio reader or scanner over
// one, and at least one is such a read's; a returned error of any other call
// keeps the loop remote, and so does an attempt that only answers nil.

// localFileOpeners open a file of this machine.
var localFileOpeners = map[string]bool{"os.Open": true, "os.OpenFile": true, "os.Create": true}

// localFileWrappers read through the reader they are handed (their first
// argument).
var localFileWrappers = map[string]bool{
	"bufio.NewReader": true, "bufio.NewReaderSize": true, "bufio.NewScanner": true,
}

// failsOnlyOnLocalFiles reports whether every attempt of a loop region fails
// only on reads of local files.
func (rc *remoteCheck) failsOnlyOnLocalFiles(r *Region) bool {
	if r.Kind != LoopRegion || len(r.Attempts) == 0 {
		return false
	}
	for _, call := range r.Attempts {
		if !rc.localFileFailure(call) {
			return false
		}
	}
	return true
}

// localFileFailure reports whether call is a local file read, or a call of a
// function of the package whose every error is one's, nil or a context's,
// one at least a read's: a function that only answers nil cannot fail, and
// its other effects decide.
func (rc *remoteCheck) localFileFailure(call *ast.CallExpr) bool {
	info := rc.pass.TypesInfo
	if readsLocalFile(info, call) {
		return true
	}
	fn := rc.res.funcs.of(info, call.Fun)
	sig, ok := code.Underlying(info, call.Fun).(*types.Signature)
	if fn == nil || fn.body == nil || !ok || !answersErrorSig(sig) {
		return false
	}
	at := sig.Results().Len() - 1
	all, reads := true, 0
	walkBody(info, fn.body, []ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node) bool {
		ret := n.(*ast.ReturnStmt)
		if len(ret.Results) <= at {
			all = false
			return false
		}
		e := ast.Unparen(ret.Results[at])
		switch {
		case code.IsNil(info, e) || isContextErr(info, e):
		case localFileReadError(info, e):
			reads++
		default:
			all = false
		}
		return all
	})
	return all && reads > 0
}

// answersErrorSig reports whether a signature's last result is an error.
func answersErrorSig(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() > 0 && isErrorType(res.At(res.Len()-1).Type())
}

// localFileReadError reports whether a returned error is a variable whose
// every value is a local file read's.
func localFileReadError(info *types.Info, e ast.Expr) bool {
	v := code.VarOf(info, e)
	if v == nil || v.IsField() {
		return false
	}
	values := code.Values(info, v, nil)
	for _, val := range values {
		call, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok || !readsLocalFile(info, call) {
			return false
		}
	}
	return len(values) > 0
}

// readsLocalFile reports whether call is a method call on a local file or a
// reader over one.
func readsLocalFile(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return false
	}
	return localFileHandle(info, sel.X, 0)
}

// localFileHandle reports whether e is, or a local pointer variable
// declared once holds, a file a local opener returned or a wrapper over one.
func localFileHandle(info *types.Info, e ast.Expr, depth int) bool {
	call, ok := handleCall(info, e)
	if !ok || depth > 3 {
		return false
	}
	fn := code.Callee(info, call)
	switch {
	case fn == nil:
		return false
	case localFileOpeners[fn.FullName()]:
		return true
	case localFileWrappers[fn.FullName()] && len(call.Args) > 0:
		return localFileHandle(info, call.Args[0], depth+1)
	}
	return false
}

// handleCall returns the call e is, or the call whose result a local
// variable of pointer type gets in its one declaration (r := bufio.NewReader(f),
// f, err := os.Open(path)). Methods called on a pointer cannot replace it,
// unlike code.DefinedOnce's reading of a pointer method call as an address
// taken.
func handleCall(info *types.Info, e ast.Expr) (*ast.CallExpr, bool) {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return call, true
	}
	v := code.VarOf(info, e)
	if v == nil || v.IsField() {
		return nil, false
	}
	if _, ptr := v.Type().Underlying().(*types.Pointer); !ptr {
		return nil, false
	}
	d, ok := code.SoleDef(info, v)
	if !ok || !d.ByName() || d.Op != token.DEFINE && d.Op != token.VAR {
		return nil, false
	}
	call, ok := ast.Unparen(d.Value).(*ast.CallExpr)
	return call, ok
}
