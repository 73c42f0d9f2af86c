package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop over items: each round reads the next item of a stream, a queue or a
// connection (the next datagram, message, line, record), processes it, and
// drops it when the processing fails:
//
//	for {
//		n, addr, err := conn.ReadFrom(buf)
//		if err != nil {
//			return err // the read's own failure leaves
//		}
//		if err := parse(buf[:n], addr); err != nil {
//			continue // a bad packet: read the next one
//		}
//		return nil
//	}
//
// The call that reaches the other system is the read, and it is not retried:
// its failure leaves the loop. The failure that goes round comes from
// processing what the read just returned, and the next round processes
// another item, so nothing that failed is done again. The values the read
// returns are drawn anew on each round, like a value received from a channel
// (loop_fresh.go): an attempt that takes them is a drain, not a retry.
//
// A read of the next item is a method named Read*, Recv*, Receive*, Accept*,
// Next*, Fetch*, Poll*, Pop*, Dequeue* or Consume* that asks for nothing in
// particular: its arguments are only contexts, constants, numbers (a size, a
// timeout) and what it fills (a byte buffer, &v). It runs on every round, and
// every failure check of it leaves the loop. A call that carries a request (a
// key, a body, a request value) gets the same answer again: a send whose
// response is checked (resp, err := c.Do(req); check(resp) fails; go round)
// sends the same request again, and a lookup by key reads the same value
// again; both stay retries. So does a read whose own failure goes round: that
// retries the read.

// readPrefixes name the methods that hand out the next item of a source.
var readPrefixes = []string{"Read", "Recv", "Receive", "Accept", "Next", "Fetch", "Poll", "Pop", "Dequeue", "Consume"}

// nextItem returns what a read of the next item made in the loop fills: its
// value results and the buffers it fills (see above); nil when call is no such
// read.
func (f *flow) nextItem(l *loop, call *ast.CallExpr, lhs []types.Object) []types.Object {
	filled, ok := f.readsNext(call)
	if !ok || !l.unavoidable(f.blocksOf([]*ast.CallExpr{call})) || !f.failureLeaves(l, call) {
		return nil
	}
	return append(valuesOf(lhs), filled...)
}

// readsNext reports whether call is a method named as a read of the next item
// whose arguments ask for nothing in particular, and returns the variables it
// fills.
func (f *flow) readsNext(call *ast.CallExpr) ([]types.Object, bool) {
	fn := code.Callee(f.info, call)
	if fn == nil || !readName(fn.Name()) {
		return nil, false
	}
	if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() == nil {
		return nil, false
	}
	return f.readArgs(call)
}

// readArgs reports whether call's arguments ask for nothing in particular
// (see above), and returns the variables it fills.
func (f *flow) readArgs(call *ast.CallExpr) ([]types.Object, bool) {
	var filled []types.Object
	for _, a := range call.Args {
		tv, ok := f.info.Types[a]
		switch {
		case !ok:
			return nil, false
		case tv.Value != nil || tv.IsNil() || IsContext(tv.Type) || code.IsNumeric(tv.Type):
		case isByteSlice(tv.Type):
			if v := code.Root(f.info, a, code.ThroughIndex); v != nil {
				filled = append(filled, v)
			}
		default:
			u, isAddr := ast.Unparen(a).(*ast.UnaryExpr)
			if !isAddr || u.Op != token.AND {
				return nil, false
			}
			v := lhsObj(f.info, u.X)
			if v == nil {
				return nil, false
			}
			filled = append(filled, v)
		}
	}
	return filled, true
}

// readName reports whether a method name starts with a read prefix as a word:
// ReadFrom, Recv, NextMsg, but not Reader or Nexus. An unexported method is
// named the same way (recvPacket, readFrame).
func readName(name string) bool {
	if name == "" {
		return false
	}
	return code.StartsWithWord(strings.ToUpper(name[:1])+name[1:], readPrefixes...)
}

// failureLeaves reports whether the loop checks call's failure and every such
// check that the failure can reach leaves the loop on failure.
func (f *flow) failureLeaves(l *loop, call *ast.CallExpr) bool {
	checked := false
	checks := f.outcomeChecks(l)
	for _, c := range checks {
		if !slices.Contains(c.attempts, call) || passedOnlyOnSuccess(l, checks, c, call) {
			continue
		}
		if l.reachesHeader(c.failure()) {
			return false
		}
		checked = true
	}
	return checked
}

// passedOnlyOnSuccess reports whether every way from the loop's header to
// check c passes an earlier check of call that leaves the loop on call's
// failure: c then sees call's success only. A variable shared by the read and
// the processing after it (err set by the read, then by a parse in some cases
// of a switch only) makes c test the read too, on the ways where the
// processing did not set it; the read has succeeded on all of them.
func passedOnlyOnSuccess(l *loop, checks []*outcomeCheck, c *outcomeCheck, call *ast.CallExpr) bool {
	cuts := make(map[*cfg.Block]bool)
	for _, other := range checks {
		if other.block != c.block && slices.Contains(other.attempts, call) && !l.reachesHeader(other.failure()) {
			cuts[other.block] = true
		}
	}
	switch {
	case len(cuts) == 0 || c.block == l.header:
		return false
	case cuts[l.header]:
		return true // the read and its check open every round
	}
	return !searchBlocks(l.header.Succs, cuts, func(b *cfg.Block) blockStep {
		switch {
		case b == c.block:
			return stopHere
		case b == l.header || !l.holds(b):
			return skip
		}
		return follow
	})
}

// readPassed reports whether call is a read of the next item that check c
// tests only after an earlier check has left the loop on its failure
// (passedOnlyOnSuccess): at c the read has succeeded, and c judges the
// processing alone.
func (f *flow) readPassed(l *loop, c *outcomeCheck, call *ast.CallExpr) bool {
	if _, reads := f.readsNext(call); !reads {
		return false
	}
	return passedOnlyOnSuccess(l, f.outcomeChecks(l), c, call)
}
