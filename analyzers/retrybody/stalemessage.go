package retrybody

import (
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// patchRemedy is the fix that sends no resourceVersion: a Patch, or, for a
// client.Merge Patch (the whole object, resourceVersion included), a patch
// computed from a base.
func patchRemedy(u retryscope.StaleUpdate) string {
	if strings.HasSuffix(u.Update, "Patch") {
		return "Patch it with client.MergeFrom(base) instead of client.Merge, which sends the whole object with its resourceVersion"
	}
	return "Patch it"
}

// resentMessage is the finding for an update of the object an earlier update
// of the attempt sent through a client that returns the updated object and
// leaves its argument as it was.
func (c *checker) resentMessage(u retryscope.StaleUpdate, retry string) string {
	name := u.Object.Name()
	first := code.Callee(c.info, u.After)
	firstName := "update"
	if first != nil {
		firstName = first.Name()
	}
	return u.Update + " sends " + name + " as it was before the " + firstName + " at line " + c.line(u.After) +
		", which returns the updated object and leaves " + name + " unchanged: when that " + firstName +
		" changes the object, " + u.Update + " sends the old resourceVersion and conflicts, and the " + retry + " starts over; " +
		"send the object the " + firstName + " returned instead"
}
