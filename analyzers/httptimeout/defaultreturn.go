package httptimeout

import "go/ast"

// A function of the package may return http.DefaultClient on one path and a
// client it builds on another (`if plain { return http.DefaultClient };
// return &http.Client{Transport: t}`). Both reach the same callers, so the
// DefaultClient return is judged as the built client's is
// (returnedForHandOff): every call of the function in the package must send
// the result only bounded, store it in a field that does, or return it on.
// Two things make a client of one's own the receiver's and not DefaultClient,
// which the whole process shares: a receiver cannot give it a Timeout of its
// own, so callers out of sight do not take it over (one call at least must be
// seen), and handing it to another package does not either (as for a
// DefaultClient handed over where it is named, libbound.go).

// returnedDefaultBounded reports whether http.DefaultClient, returned by ret,
// is passed on bounded at every call of its function (see above).
func (c *checker) returnedDefaultBounded(sel *ast.SelectorExpr, ret *ast.ReturnStmt) bool {
	c.followingDefault = true
	defer func() { c.followingDefault = false }()
	return c.returnedForHandOff(ret, sel)
}

// handOffOfDefault reports whether a hand-off is one that does not pass
// http.DefaultClient on (see above): anything but returning it again.
func (c *checker) handOffOfDefault(parent ast.Node) bool {
	_, returned := parent.(*ast.ReturnStmt)
	return c.followingDefault && !returned
}
