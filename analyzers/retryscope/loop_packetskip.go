package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Two more shapes of the datagram receive loop that Close ends
// (loop_closedread.go):
//
//	for {
//		buf.Reset()
//		_, _, err := buf.ReadPacketFrom(pc) // the buffer fills itself from pc
//		if err != nil {
//			if errors.Is(err, io.ErrShortBuffer) {
//				continue // this datagram did not fit: take the next one
//			}
//			return err
//		}
//		...
//	}
//
// The read may be a buffer's Read method whose one argument is the packet
// source, declared outside the loop: the source is what the read consumes
// and what Close ends. And the test on the way back may let through only
// named errors (sentinels) that are not closed errors, leaving on every
// other one: the closed error takes the way out, so Close ends the loop as
// surely as a test for the closed error itself. A test that lets through a
// class without a name (a temporary or any net.Error) may let the closed
// error round too, and stays a retry without a stop.

// readsPacketSource reports whether call reads the next datagram of a
// closable packet source declared outside the loop: a read of the next item
// on the source itself, or a buffer's read from the source (see above).
func (f *flow) readsPacketSource(l *loop, call *ast.CallExpr) bool {
	if _, reads := f.readsNext(call); reads && f.closable(l, call) {
		recv, ok := code.MethodRecv(f.info, call)
		return ok && packetSource(f.pass.Pkg, f.info.TypeOf(recv))
	}
	fn := code.Callee(f.info, call)
	if fn == nil || fn.Signature().Recv() == nil || !readName(fn.Name()) || len(call.Args) != 1 {
		return false
	}
	src := code.VarOf(f.info, call.Args[0])
	return src != nil && !l.contains(src.Pos()) && hasClose(f.pass.Pkg, src.Type()) && packetSource(f.pass.Pkg, src.Type())
}

// skipsNamedOnly reports whether b tests the attempt's error, one side lets
// through only named errors other than closed ones, and the other side
// leaves the loop on every way.
func (f *flow) skipsNamedOnly(l *loop, b *cfg.Block, vars []types.Object) bool {
	t := f.classTest(b, vars)
	if t == nil {
		return false
	}
	none := func(*cfg.Block) *outcomeCheck { return nil }
	for i, side := range []bool{true, false} {
		if t.lets(side, namedNotClosed) && f.alwaysLeaves(l, b.Succs[1-i], none) {
			return true
		}
	}
	return false
}

// namedNotClosed accepts a sentinel error that is not a closed error.
func namedNotClosed(c errorClass) bool {
	return c.sentinel != nil && !closedOnly(c)
}
