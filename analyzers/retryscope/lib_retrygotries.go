package retryscope

import "time"

// The tries of a retry-go call whose every setting is a constant or the
// library's default.
//
// retry-go waits between attempts what its delay type returns, capped by
// MaxDelay when that is set: BackOffDelay doubles Delay each round,
// FullJitterBackoffDelay draws up to that doubled delay, FixedDelay waits
// Delay, RandomDelay draws up to MaxJitter, and CombineDelay adds its parts.
// The defaults are 10 attempts, a 100 ms Delay, a 100 ms MaxJitter, no
// MaxDelay and CombineDelay(BackOffDelay, RandomDelay). Versions differ by
// one in the shift of the k-th wait (Delay << (k-1) or Delay << k), so the
// ceiling takes the larger: n attempts wait at most
// sum over k = 1..n-1 of min(Delay << k + MaxJitter, MaxDelay).
// Attempts(3) with Delay(time.Second) waits at most 2 s + 4 s plus 0.2 s of
// jitter: a few tries over within seconds. A count, a delay or a delay type
// out of reach (a parameter, a closure) leaves the tries open.

// retryGo's defaults other than the count (retryGoCount).
const (
	retryGoDelay  = 100 * time.Millisecond
	retryGoJitter = 100 * time.Millisecond
)

// retryGoTries returns the ceiling on the attempts and waits of a retry-go
// call (see above), or the zero Tries.
func (r *policyReader) retryGoTries(att []Setting) Tries {
	n, ok := int64(retryGoCount), true
	if len(att) > 0 {
		n, ok = ints(att, 0)
	}
	if !ok || n <= 0 || n > maxRounds || len(r.fn(r.pkg, "UntilSucceeded")) > 0 {
		return Tries{}
	}
	kinds, ok := r.retryGoDelayKinds()
	delay, dok := r.retryGoDuration("Delay", retryGoDelay)
	jitter, jok := r.retryGoDuration("MaxJitter", retryGoJitter)
	maxDelay, mok := r.retryGoDuration("MaxDelay", 0)
	if !ok || !dok || !jok || !mok {
		return Tries{}
	}
	var total float64
	for k := int64(1); k < n; k++ {
		var w float64
		if kinds["BackOffDelay"] || kinds["FullJitterBackoffDelay"] {
			w += float64(delay) * float64(uint64(1)<<uint(min(k, 62)))
		}
		if kinds["FixedDelay"] {
			w += float64(delay)
		}
		if kinds["RandomDelay"] {
			w += float64(jitter)
		}
		if maxDelay > 0 {
			w = min(w, float64(maxDelay))
		}
		total += w
	}
	wait, ok := duration(total)
	if !ok {
		return Tries{}
	}
	return Tries{Attempts: int(n), Wait: wait}
}

// retryGoDelayKinds names the delay functions the call's delay type
// combines: the default's when DelayType is not set; ok is false when it is
// set to something else than retry-go's own functions.
func (r *policyReader) retryGoDelayKinds() (map[string]bool, bool) {
	dt := r.fn(r.pkg, "DelayType")
	if len(dt) == 0 {
		return map[string]bool{"BackOffDelay": true, "RandomDelay": true}, true
	}
	if len(dt) > 1 || len(dt[0].Args) == 0 {
		return nil, false
	}
	return r.delayFuncs(dt[0].Args[0].Expr, 0)
}

// retryGoDuration returns the constant a duration option is set to, or def
// when it is not set; ok is false for a value out of reach or beyond an hour.
func (r *policyReader) retryGoDuration(option string, def time.Duration) (time.Duration, bool) {
	s := r.fn(r.pkg, option)
	if len(s) == 0 {
		return def, true
	}
	d, ok := ints(s, 0)
	if !ok || d < 0 || d > int64(time.Hour) {
		return 0, false
	}
	return time.Duration(d), true
}
