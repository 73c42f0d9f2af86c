package retryscope

import "time"

// FewTries reports whether a region gives up after a modest number of tries
// that are over within modestTotal of waiting (at most modestTries attempts,
// e.g. 10 tries 15 s apart, or 3 tries with 1 s then 2 s waits): a permanent
// error costs at most nine more calls from this caller and surfaces within
// minutes, which classifying would not change for anyone. It reads the tries
// as BriefTries does, with the longer limits, and a loop wrapper's from the
// constants its call passes (CallerTries); an attempt that retries on its own
// (Region.Inner) past such tries, or by a count or wait the code leaves open,
// makes each try slow: no few tries.
func (res *Result) FewTries(r *Region) bool {
	for _, in := range r.Inner {
		if !in.Tries.modest() {
			return false
		}
	}
	t := res.TriesOf(r)
	if t.Attempts == 0 {
		t = res.CallerTries(r)
	}
	return t.modest()
}

// SteadyModestTries reports whether a region waits at least steadyWait before
// every attempt after the first and gives up within FewTries' limits: one
// caller adds at most one call a second, at most nine of them, so a failing
// dependency sees a steady trickle from it that a growing or randomized wait
// would change by seconds. wait is the region's constant wait.
func (res *Result) SteadyModestTries(r *Region, wait time.Duration) bool {
	return wait >= steadyWait && res.FewTries(r)
}

// modest reports whether the tries are at most modestTries attempts waiting
// at most modestTotal in all.
func (t Tries) modest() bool { return t.within(modestTries, modestTotal) }

const (
	// modestTries and modestTotal are how many attempts a retry may make, and
	// how long it may wait in all, and still not be worth classifying or
	// pacing differently: the bounded start-up registrations, per-job result
	// sends and per-request retries (3 to 10 tries, seconds apart) that
	// triage judged "true, not worth a fix" on sets H2, S2, T2 and T1. The
	// limits are a client's usual retry budget (gRPC caps maxAttempts at 5,
	// AWS SDKs default to 3) with room for the hand-written loops that
	// double it.
	modestTries = 10
	modestTotal = 5 * time.Minute
	// steadyWait is the pause that keeps one caller at one call a second.
	steadyWait = time.Second
)
