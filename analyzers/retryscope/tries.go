package retryscope

import "time"

// Tries is a ceiling on a retry's attempts and on its waits summed over
// them all, as the code shows them; the zero value (no Attempts) says the
// code leaves one of them open.
type Tries struct {
	Attempts int
	Wait     time.Duration
}

// within reports whether the tries are at most attempts attempts (and at
// least one) and wait at most total in all.
func (t Tries) within(attempts int, total time.Duration) bool {
	return t.Attempts > 0 && t.Attempts <= attempts && t.Wait <= total
}

// Brief reports whether the tries are few and over within briefTotal of
// waiting (Result.BriefTries).
func (t Tries) Brief() bool { return t.within(fewTries, briefTotal) }

// TriesOf returns the ceiling on a region's attempts and waits: a helper's
// from its settings (Bound.Tries: a wait.Backoff's Steps, Duration, Factor
// and Jitter), a loop's from its rounds (RoundsAtMost) and its waits summed
// between them (WaitBetweenAtMost: a wait after the last try precedes no
// call).
func (res *Result) TriesOf(r *Region) Tries {
	if r.Bound.Tries.Attempts > 0 {
		return r.Bound.Tries
	}
	rounds, ok := res.RoundsAtMost(r)
	if !ok || rounds <= 0 {
		return Tries{}
	}
	total, ok := res.WaitBetweenAtMost(r)
	if !ok && !res.waitsNever(r) {
		return Tries{}
	}
	return Tries{Attempts: rounds, Wait: total}
}
