package retryscope

import "time"

// The tries of a sethvargo/go-retry call whose backoff is a constant or an
// exponential one wrapped in WithMaxRetries with constants.
//
// WithMaxRetries(n, b) stops after n retries: n+1 attempts. NewConstant(d)
// waits d before each retry, n·d in all; NewExponential(d) waits d, 2d, 4d
// and so on, d·(2ⁿ−1) in all. WithMaxRetries(3, NewConstant(10*time.Millisecond))
// is four tries within 30 ms. A jitter wrapper, a capped or bounded duration,
// a Fibonacci backoff, a backoff of the caller's or a count out of reach
// leaves the tries open.

// goRetryTries returns the ceiling on the attempts and waits of a go-retry
// call (see above), or the zero Tries.
func (r *policyReader) goRetryTries() Tries {
	for _, open := range []string{"WithJitter", "WithJitterPercent", "WithFullJitter", "WithCappedDuration", "WithMaxDuration", "NewFibonacci"} {
		if len(r.fn(goRetryPkg, open)) > 0 {
			return Tries{}
		}
	}
	retries, ok := ints(r.fn(goRetryPkg, "WithMaxRetries"), 0)
	constant, exponential := r.fn(goRetryPkg, "NewConstant"), r.fn(goRetryPkg, "NewExponential")
	if !ok || retries < 0 || retries >= maxRounds || len(constant)+len(exponential) != 1 {
		return Tries{}
	}
	base, ok := ints(append(constant, exponential...), 0)
	if !ok || base < 0 || base > int64(time.Hour) {
		return Tries{}
	}
	total := float64(base) * float64(retries)
	if len(exponential) > 0 {
		total = float64(base) * (float64(uint64(1)<<uint(min(retries, 62))) - 1)
	}
	wait, ok := duration(total)
	if !ok {
		return Tries{}
	}
	return Tries{Attempts: int(retries) + 1, Wait: wait}
}
