// Package nojitter defines an Analyzer that reports retry backoff that grows but
// is fully deterministic.
//
// # Retry backoff has no jitter
//
// Clients that failed at the same moment (a dependency restarted, a network
// blip) and back off on the same schedule come back at the same moments: every
// retry wave hits the dependency together, however long the waits grow. A
// random part in each wait spreads them out.
//
// The analyzer reports hand-written retry loops whose wait grows between
// attempts and is computed from constants and pure arithmetic only (base <<
// attempt, math.Pow, a doubling variable, a list of durations, a helper method
// that waits base << r.tries after advancing r.tries, a doubling variable
// handed to a function that waits the duration it is given or that returns
// a channel its timer of that duration feeds), and retry
// helpers configured for growth without randomness: ExponentialBackOff with
// RandomizationFactor 0 (an option, a field assignment, or a struct literal
// that leaves the field out), retry-go DelayType(BackOffDelay), go-retry
// exponential or Fibonacci backoffs without WithJitter/WithJitterPercent/
// WithFullJitter, a k8s wait.Backoff with Factor > 1 and no Jitter, a
// failsafe-go WithBackoff without WithJitter; and a self-retrying client set
// to such a wait (go-retryablehttp Backoff: retryablehttp.DefaultBackoff).
//
// Any random number drawn into the wait counts as jitter (math/rand,
// math/rand/v2, crypto/rand, a function named *jitter*), and library defaults
// that jitter (backoff's RandomizationFactor 0.5, retry-go's combined delay)
// are clean. Waits computed by calls the analyzer cannot see are not reported.
// Nor is a backoff that paces one caller, with nobody to retry together with:
// a loop its owner stops, a command's own retry
// (retryscope.Region.PacesOneProcess); nor the growing pace of a readiness
// wait (retryscope.Result.ProbesUntilReady), whose probes do no work and end
// at a time limit: fixedsleep leaves its steadier constant pace alone, and a
// rule that asked for jitter only once the wait grows would reward the worse
// schedule. Nor is a few quick tries: a growing wait whose total over a
// constant attempt limit is under 5 s, not counting a wait after the last
// attempt (retryscope.Result.WaitBetweenAtMost).
// Nor is the pace of a helper's condition poll, whose callback stops the
// helper on every failure of its calls (retryscope.Result.PollsCondition): as
// for fixedsleep, what goes round is a "not yet", not a failure (decided on
// set H1).
package nojitter

import (
	"go/ast"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const doc = `report retry backoff that grows but has no jitter

A retry wait that grows between attempts (base<<attempt, math.Pow, a doubling
variable, ExponentialBackOff{RandomizationFactor: 0}, wait.Backoff without
Jitter, go-retry NewExponential without WithJitter) but is the same for every
client brings failed clients back in waves; add a random part to each wait.`

// Analyzer reports deterministic growing backoff.
var Analyzer = lint.New("nojitter", doc, lint.WaitChecks(checkLoop, checkHelper, checkClientRetries))

// checkLoop reports the growing, deterministic waits of a hand-written loop.
func checkLoop(p *lint.Pass, r *retryscope.Region, seen lint.Seen) {
	if quiet(p, r) {
		return
	}
	for _, w := range r.Waits {
		if w.Jitter || w.Policy {
			return // another wait of the loop adds the randomness, or a policy out of reach may
		}
	}
	if total, ok := p.Scope.WaitBetweenAtMost(r); ok && total < shortTotal {
		return // a few short tries: a pace too brief for a herd to form
	}
	for _, w := range r.Waits {
		if w.Growth != retryscope.GrowthGrowing || !w.Deterministic || seen[w.At] {
			continue
		}
		if w.Library != nil {
			reportPolicy(p, r, w.Library, seen)
			continue
		}
		if w.Duration == nil {
			continue
		}
		seen[w.At] = true
		p.ReportRegion(r, w.At, "the wait", nil, "retry backoff %s grows but has no jitter: clients that failed together retry together; add a random part to each wait (e.g. full jitter)",
			types.ExprString(w.Duration))
	}
}

// shortTotal is the time waited over all the attempts under which a growing
// wait is not worth jitter: clients that fail together and give up after a
// few seconds of short waits come back within the same brief window whatever
// their jitter, and the dependency sees a burst, not waves.
const shortTotal = 5 * time.Second

// checkHelper reports a helper that grows its waits without randomness.
func checkHelper(p *lint.Pass, r *retryscope.Region, seen lint.Seen) {
	if !quiet(p, r) {
		reportPolicy(p, r, r.Helper, seen)
	}
}

// quiet reports whether a region's pace is nobody's herd: it paces one caller,
// with nobody to retry together with, or it polls a dependency's readiness,
// where replicas booting together send probes that do no work, until a time
// limit (fixedsleep is quiet on the same wait at a constant pace), or it
// polls a condition whose every failure stops it.
func quiet(p *lint.Pass, r *retryscope.Region) bool {
	return r.PacesOneProcess() || p.Scope.ProbesUntilReady(r) || p.Scope.PollsCondition(r)
}

// reportPolicy reports the library backoff of a region (the helper's, or one
// a hand-written loop waits on) that grows its waits without randomness.
func reportPolicy(p *lint.Pass, r *retryscope.Region, b *retryscope.HelperCall, seen lint.Seen) {
	at := unjittered(b.Policy())
	if at == nil || seen[at] {
		return
	}
	seen[at] = true
	if r.Kind == retryscope.LoopRegion {
		p.ReportRegion(r, at, "the backoff setting", nil, "retry backoff (%s) grows but has no jitter: %s", b.Name(), b.Hints(at).Jitter)
		return
	}
	p.ReportRegion(r, at, "the backoff setting", nil, "%s backs off without jitter: %s", b.Name(), b.Hints(at).Jitter)
}

// unjittered returns the setting that makes a policy's wait grow without
// randomness (its jitter setting, else its wait), or nil.
func unjittered(pol *retryscope.Policy) ast.Node {
	if pol.Jitter != retryscope.TriNo || (pol.Shape != retryscope.ShapeExponential && pol.Shape != retryscope.ShapeFibonacci) {
		return nil
	}
	if pol.JitterAt != nil {
		return pol.JitterAt
	}
	return pol.WaitAt
}
