package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A server's accept loop goes round on the temporary failures of its read
// of the next item (Accept out of descriptors, a read that timed out) and
// leaves on every other failure:
//
//	for {
//		c, err := s.ln.Accept()
//		if err != nil {
//			if ne, ok := err.(net.Error); ok && ne.Temporary() {
//				continue
//			}
//			return err
//		}
//		go s.handle(c)
//	}
//
// Whoever holds the source ends it with Close: every read after it fails
// with a closed error (net.ErrClosed), which is neither temporary nor a
// timeout, and the loop leaves. Close is the loop's owner's stop
// (Bound.Owner is the read), as a closed channel is: the loop serves for as
// long as its source is open, and a cap on its attempts would leave the
// server deaf after a burst of temporary failures. That holds for a source
// a parameter hands in too: its caller closes it, as net/http's Serve(l)
// leaves it to the caller.
//
// The source is the receiver of a read of the next item (loop_items.go),
// declared outside the loop, whose type has a Close() error method. A loop
// that goes round on every failure of the read has no such stop: after
// Close the read fails at once, for ever.

// closeStop returns the read of the next item of a closable source whose
// failures the loop goes round on only when they are temporary, or nil.
func (f *flow) closeStop(l *loop, attempts []*ast.CallExpr) ast.Node {
	for _, call := range attempts {
		if _, reads := f.readsNext(call); reads && f.closable(l, call) && f.retriesOnly(l, call, errorClass.transientOnly) {
			return call
		}
		if f.skipsPacketsUntilClosed(l, call) {
			return call // loop_closedread.go
		}
	}
	return nil
}

// closable reports whether a method call is made on a value declared outside
// the loop whose type has a Close() error method.
func (f *flow) closable(l *loop, call *ast.CallExpr) bool {
	recv, ok := code.MethodRecv(f.info, call)
	if _, outside := f.outsideMethodRoot(l, call); !ok || !outside {
		return false
	}
	return hasClose(f.pass.Pkg, f.info.TypeOf(recv))
}

// hasClose reports whether t has a Close() error method.
func hasClose(pkg *types.Package, t types.Type) bool {
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, "Close")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && isErrorType(sig.Results().At(0).Type())
}

// retriesOnly reports whether the loop checks call's failure and every way
// from such a check back to the loop's header passes a test that lets
// through only failures of class (temporary or timeout failures).
func (f *flow) retriesOnly(l *loop, call *ast.CallExpr, class func(errorClass) bool) bool {
	ways := &retryWays{f: f, target: func(b *cfg.Block) bool { return b == l.header }, inside: l.holds}
	for _, c := range f.outcomeChecks(l) {
		for _, a := range c.attempts {
			if a == call {
				ways.checks = append(ways.checks, c)
				ways.vars = appendNew(ways.vars, c.vars...)
			}
		}
	}
	return len(ways.checks) > 0 && ways.passOnly(class)
}
