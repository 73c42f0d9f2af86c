package retryscope

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"
)

// A datagram receive loop skips the packets it cannot read and leaves once
// its socket is closed:
//
//	for {
//		n, from, err := pc.ReadFrom(buf)
//		if err != nil {
//			if errors.Is(err, net.ErrClosed) {
//				return 0, err
//			}
//			log.Print(err) // one bad datagram (an ICMP error reflected onto the socket)
//			continue
//		}
//		return n, from
//	}
//
// Each ReadFrom takes the next datagram off the socket: a failure concerns
// the packet that caused it, and the next read asks for another one, not the
// same thing again. Close ends the loop: every read after it fails with a
// closed error, and that error leaves. Close is the loop's owner's stop, as
// for an accept loop that goes round on temporary failures only
// (loop_closestop.go): a cap on its rounds would leave the socket deaf after
// a burst of bad packets.
//
// The read is a read of the next item (loop_items.go) of a closable packet
// source declared outside the loop (its type has a ReadFrom like
// net.PacketConn's: one byte buffer in, three results, an error last), and
// every way from its failure back to the header passes a test whose closed
// side (errors.Is or == against net.ErrClosed, os.ErrClosed,
// io.ErrClosedPipe or io.EOF, directly or through a predicate of the
// package) leaves the loop on every way. Packet reads only: a stream's read
// errors stick (a reset connection fails every later read at once), so
// going round on them spins. A loop without the closed test (a closed socket
// fails every read at once, for ever) and a write or a dial to a peer in the
// same shape stay retries.

// closedErrors are the sentinels a read of a closed source fails with.
var closedErrors = map[string]bool{"net.ErrClosed": true, "os.ErrClosed": true, "io.ErrClosedPipe": true, "io.EOF": true}

// closedOnly accepts an error class that is one of closedErrors.
func closedOnly(c errorClass) bool {
	return c.sentinel != nil && c.sentinel.Pkg() != nil && closedErrors[c.sentinel.Pkg().Path()+"."+c.sentinel.Name()]
}

// skipsPacketsUntilClosed reports whether call is a packet read of a
// closable source whose failures go round unless they say the source was
// closed, which leave (see above).
func (f *flow) skipsPacketsUntilClosed(l *loop, call *ast.CallExpr) bool {
	if !f.readsPacketSource(l, call) { // loop_packetskip.go
		return false
	}
	retried := false
	for _, c := range f.outcomeChecks(l) {
		if !slices.Contains(c.attempts, call) || !l.reachesHeader(c.failure()) {
			continue
		}
		retried = true
		endsOnClose := func(b *cfg.Block) bool { return f.leavesWhenClosed(l, b, c.vars) || f.skipsNamedOnly(l, b, c.vars) }
		if !endsOnClose(c.block) && !l.everyWayBack(c.failure(), endsOnClose) { // the check may be the test
			return false
		}
	}
	return retried
}

// leavesWhenClosed reports whether b tests the attempt's error and the side
// that lets through only closed errors leaves the loop on every way.
func (f *flow) leavesWhenClosed(l *loop, b *cfg.Block, vars []types.Object) bool {
	t := f.classTest(b, vars)
	if t == nil {
		return false
	}
	none := func(*cfg.Block) *outcomeCheck { return nil }
	for i, side := range []bool{true, false} {
		if t.lets(side, closedOnly) && f.alwaysLeaves(l, b.Succs[i], none) {
			return true
		}
	}
	return false
}

// packetSource reports whether t has a ReadFrom method that reads one
// datagram into a byte buffer and says where it came from: one []byte
// parameter, three results, the last an error (net.PacketConn's).
func packetSource(pkg *types.Package, t types.Type) bool {
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, "ReadFrom")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	return sig.Params().Len() == 1 && isByteSlice(sig.Params().At(0).Type()) &&
		sig.Results().Len() == 3 && isErrorType(sig.Results().At(2).Type())
}
