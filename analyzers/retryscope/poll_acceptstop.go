package retryscope

import (
	"go/ast"
)

// An accept loop often leaves on its owner's stop rather than on
// net.ErrClosed: Shutdown sets a flag (or closes a channel, or cancels the
// context) and then closes the listener, and the failure way asks that stop
// (`if s.isStopped() { return }`, `select { case <-s.quit: return; default: }`,
// `if ctx.Err() != nil { return }`) before it goes round. That test is the way
// out for the closed listener only: every other failure (out of file
// descriptors) still goes back to Accept at once. So the owner's stop is no
// bound of the spin (a counter of rounds is), asking a context is no call out
// of reach (it answers at once), and a select with a default does not block
// (only its cases' bodies may).

// boundsSpin reports whether a bound of the loop ends a spin: a counter of
// rounds, but not an owner's stop signal, which ends the loop only when the
// owner stops.
func boundsSpin(b Bound) bool {
	return b.Counter != nil && b.Counter != b.Owner
}

// answersAtOnce reports whether call, an interface method, answers about a
// value in hand without waiting: a method of an error value (Error,
// Timeout, Temporary), or a context's Err or Done.
func (f *flow) answersAtOnce(call *ast.CallExpr) bool {
	return f.asksError(call) || askedContext(f.info, call) != nil
}

// caseBodies returns the statements of a select's cases, without their
// channel operations.
func caseBodies(s *ast.SelectStmt) []ast.Stmt {
	var out []ast.Stmt
	for _, c := range s.Body.List {
		out = append(out, c.(*ast.CommClause).Body...)
	}
	return out
}
