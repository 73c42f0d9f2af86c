package retryscope

// A loop that goes round without waiting spends nothing between its
// attempts: its tries are its rounds and no wait at all. A few of them (at
// most fewTries) cost a permanent error a few more calls within the time the
// calls take, so the few-tries readings (FewTries, FewQuickTries,
// BriefTries) hold for it as for a loop with short waits. Read on held-out
// code, every such loop reported (three quick re-writes on a closing
// connection, three syncs of a queue handler, five uploads) was judged true
// but not worth a change.

// waitsNever reports whether r is a loop whose rounds provably do not wait:
// no wait on any path (Region.Waits) and no channel receive that can block.
func (res *Result) waitsNever(r *Region) bool {
	return r.Kind == LoopRegion && len(r.Waits) == 0 && r.Loop != nil && !BlocksOnChannel(res.info, r.Loop)
}

// FewRecursions reports whether r is a recursive retry that calls itself at
// most fewTries times in all, as its count shows (loop_reccount.go): a few
// quick tries, like a loop's.
func (res *Result) FewRecursions(r *Region) bool {
	n, ok := res.AttemptsAtMost(r)
	return r.Kind == RecursionRegion && ok && n <= fewTries
}
