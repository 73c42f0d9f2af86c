package retryscope

import "golang.org/x/tools/go/cfg"

// A failure that is a timeout has waited.
//
// An attempt that fails with a timeout (os.IsTimeout(err), a net.Error's
// Timeout(), errors.Is(err, os.ErrDeadlineExceeded)) ran until its own limit
// before it failed: the client's timeout, the connection's deadline. A way
// back to the attempt taken only on such a failure does not ask again at
// once; the timeout is its pace. "Tries again at once" is a claim about the
// other ways: a refusal, a reset or a 503 that comes back in a millisecond.
// A test that also lets temporary failures through (Temporary(): ECONNRESET
// is one) proves no wait. A deadline the caller's context already passed
// fails every attempt at once with a timeout too; a loop that goes round
// only on timeouts must then have an attempt limit to be quiet (a bounded
// loop ends after its few attempts, an endless one would spin).

// GoesRoundOnlyAfterTimeout reports whether every way from the region's
// failure back to its next attempt passes a test that lets through timeouts
// only, and the region has an attempt limit.
func (r *Region) GoesRoundOnlyAfterTimeout() bool {
	return r.Bound.Bounded() && r.ways != nil && r.ways.passOnly(errorClass.timeoutOnly)
}

// takenOnTimeout reports whether the way from b to its i-th successor is
// taken only when the error is a timeout (see above), in a bounded region.
func (r *Region) takenOnTimeout(b *cfg.Block, i int) bool {
	if !r.Bound.Bounded() || r.ways == nil {
		return false
	}
	t := r.ways.f.classTest(b, r.ways.vars)
	return t != nil && t.lets(i == 0, errorClass.timeoutOnly)
}
