package retryscope

import (
	"go/ast"
	"go/types"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A receive loop that reads past timeouts is no retry:
//
//	for {
//		n, from, err := conn.ReadFrom(buf)
//		if err != nil {
//			if os.IsTimeout(err) {
//				continue // nothing arrived before the deadline
//			}
//			return err
//		}
//		dispatch(buf[:n], from)
//	}
//
// A read from a connection (a value with a read deadline: SetReadDeadline
// or SetDeadline in its method set) fails with a timeout when nothing
// arrived before its deadline: the read waited all that time, and reading
// again asks whether something arrives now, as the next round of any
// receive loop does. When every way from the read's failure back to the
// loop passes a test that lets through timeouts only, and every other
// failure leaves, nothing failed is done again. The read may be a method of
// the package named as one (readPacket, recvFrame) that makes such a read of
// a connection. A test that also lets temporary failures through (a
// net.Error's Temporary(): ECONNRESET is one) does not show the read
// waited; neither does a read of a client that has no deadline (a fetch by
// name from an API), nor a dial that timed out: these stay retries.

// readsPastTimeouts reports whether an attempt of c is a read of a
// connection whose failures go round only when they are timeouts.
func (f *flow) readsPastTimeouts(l *loop, c *outcomeCheck) bool {
	for _, call := range c.attempts {
		if (f.connectionRead(call, true) || f.readsArmed(l, call)) && f.retriesOnly(l, call, errorClass.timeoutOnly) {
			return true
		}
	}
	return false
}

// connectionRead reports whether call is a read of the next item (named as
// one, asking for nothing in particular) made on a value with a read
// deadline or, when own is set, a method of this package named as a read
// whose body makes such a read.
func (f *flow) connectionRead(call *ast.CallExpr, own bool) bool {
	fn := code.Callee(f.info, call)
	if fn == nil || fn.Signature().Recv() == nil || !readName(exported(fn.Name())) {
		return false
	}
	if _, ok := f.readArgs(call); !ok {
		return false
	}
	if recv, ok := code.MethodRecv(f.info, call); ok && hasReadDeadline(f.info.TypeOf(recv)) {
		return true
	}
	node := f.res.funcs.byObj[fn.Origin()]
	if !own || node == nil || node.body == nil {
		return false
	}
	found := false
	code.Inspect(node.body, func(n ast.Node) bool {
		if inner, ok := n.(*ast.CallExpr); ok && !found {
			found = f.connectionRead(inner, false)
		}
		return !found
	})
	return found
}

// hasReadDeadline reports whether t has a SetReadDeadline or SetDeadline
// method: reads on it can end at a deadline.
func hasReadDeadline(t types.Type) bool {
	if t == nil {
		return false
	}
	for _, name := range []string{"SetReadDeadline", "SetDeadline"} {
		if m, _, _ := types.LookupFieldOrMethod(t, true, nil, name); isFunc(m) {
			return true
		}
	}
	return false
}

// exported returns name with its first letter upper-cased.
func exported(name string) string {
	r, size := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[size:]
}

// asksTimeout reports whether call, a transient test (transientTest), asks
// for a timeout only: a Timeout() method, or a function named for it
// (os.IsTimeout).
func asksTimeout(info *types.Info, call *ast.CallExpr) bool {
	fn := code.Callee(info, call)
	return fn != nil && strings.Contains(strings.ToLower(fn.Name()), "timeout")
}

// timeoutOnly reports whether the class holds timeouts only.
func (c errorClass) timeoutOnly() bool {
	return c.timeout || c.transientOnly() && !c.transient
}
