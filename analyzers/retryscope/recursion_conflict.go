package retryscope

import (
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// A function that calls itself again only on a conflict of its write.
//
// `if apierrors.IsConflict(err) { return update(ctx, name) }` restarts as a
// compare-and-swap loop does (Region.RestartsOnConflict): each call runs the
// whole body again, so a write of state the body read before it (or a
// function of the package that reads before it writes) works on fresh state,
// and a conflict is news that another writer made progress. The test is the
// loop's, with the function body as the round and every self-call that
// retries as the way back. A self-call that also follows another error, or
// one whose write takes state handed in by the caller (the same stale value
// every call), stays a retry.

// recursionRestartsOnConflict decides Region.RestartsOnConflict for a
// recursion whose retrying checks are retrying and whose retrying self-calls
// sit in the blocks again.
func (f *flow) recursionRestartsOnConflict(whole *loop, retrying []*outcomeCheck, again map[*cfg.Block]bool) bool {
	var vars []types.Object
	for _, c := range retrying {
		vars = appendNew(vars, c.vars...)
	}
	ways := &retryWays{f: f, checks: retrying, target: func(b *cfg.Block) bool { return again[b] }, inside: func(*cfg.Block) bool { return true }, vars: vars}
	return f.restartsOnConflict(whole, &Region{ways: ways}, retrying)
}
