// Package fixedsleep defines an Analyzer that reports retries whose wait between
// attempts does not grow, or that do not wait at all.
//
// # Retry waits a constant time, or not at all
//
// A retry that pauses for the same duration before every attempt keeps the
// pressure on a dependency that is already failing, and keeps the clients that
// failed together in step, so they hit it together again. A retry without any
// pause (a hot retry) is worse: it turns one failure into a burst of attempts
// within milliseconds. Grow the wait exponentially, cap it, and add jitter.
//
// The analyzer reports hand-written retry loops whose wait is loop-invariant
// (time.Sleep, time.After, a timer or a ticker with a constant or unchanged
// duration), retry loops with no wait at all (no sleep, no timer, no select or
// channel receive that can block, no call that waits: a select with a default
// clause never blocks, retryscope.BlocksOnChannel; no attempt that hands its
// request to a running goroutine and blocks until it answers,
// retryscope.Result.AwaitsAnswer), and retry helpers configured for a
// constant delay or none: backoff.NewConstantBackOff and ZeroBackOff,
// retry-go DelayType(FixedDelay), go-retry NewConstant/Constant without jitter,
// a k8s wait.Backoff with Factor <= 1 and no Jitter, a failsafe-go retry
// policy with WithDelay and no jitter or with no delay at all. A wait that
// provably lasts 0 (a field the package never sets: code.AlwaysZero) is no
// wait, so such a loop is judged as one that tries again at once. A loop that
// waits under a class test of its errors and falls through to the next round
// on every other error tries again at once after those (somewait.go). Four
// loops that are no retries go round at once too (spin.go): a state poll
// with no wait at all, an accept loop whose failure way goes back to Accept
// without one, a receive loop (a long poll, a consumer's fetch) whose
// failure way goes back to its call without one (retryscope's
// poll_receivespin.go; decided on set W2), and a growing wait capped by a
// number without a unit (a Duration's nanoseconds). A recursive retry that calls itself again at once
// is judged as a loop that does not wait (recursion.go).
//
// Periodic loops that are not retries, waits that grow or are randomized, loops
// that fail over to the next target of a list, and helpers whose immediate
// retry is their documented design (cockroach-go's crdb), like the immediate
// restart of a compare-and-swap after a conflict
// (retryscope.Region.RestartsOnConflict), are not reported.
// Nor is a constant wait that paces one caller, which no herd can be in step
// with: a loop its owner stops, a command's own retry
// (retryscope.Region.PacesOneProcess); nor a loop that tries again at once when
// its attempt only connects (a redial, the next pooled connection): no server
// asked it to slow down (retryscope.Region.MayBeRefused); nor a few quick
// tries, at most 5 rounds waiting at most 5 s in all, or not at all
// (retryscope.Result.FewQuickTries), nor at most 10 tries a constant 1 s or
// more apart waiting at most 5 min in all (retryscope.Result.SteadyModestTries:
// each caller adds one call a second at most, nine at most; decided on set
// T2); nor the one immediate retry of a loop
// that paces one process and goes round at most twice
// (retryscope.Result.RetriesOnceInProcess); nor a heartbeat that
// reconnects, whose waits all last its ticker's interval
// (retryscope.Result.PacedByBeat).
package fixedsleep

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const doc = `report retries that wait a constant time between attempts, or not at all

A retry loop whose time.Sleep/time.After/timer/ticker duration is the same on
every attempt, a retry loop or recursive retry that does not wait at all, or a
retry helper set to
a constant delay (NewConstantBackOff, retry.FixedDelay, go-retry NewConstant,
wait.Backoff{Factor: 1}) keeps failing clients in step; back off exponentially
with a cap and jitter.`

// Analyzer reports constant or missing waits between retry attempts.
var Analyzer = lint.New("fixedsleep", doc, withSpins(withHotPeriodic(withHotRecursion(lint.WaitChecks(checkLoop, checkHelper, checkClientSettings)))))

// checkLoop reports a hand-written loop's constant waits, or its lack of any.
func checkLoop(p *lint.Pass, r *retryscope.Region, seen lint.Seen) {
	if p.Scope.PacedByBeat(r) {
		return // a heartbeat's waits are its beat, the reconnect's too
	}
	checkSomeErrorsWait(p, r, seen)
	if len(r.Waits) == 0 {
		if quietAtOnce(p, r) {
			return
		}
		if _, isGoto := r.Loop.(*ast.LabeledStmt); !isGoto && !retryscope.BlocksOnChannel(p.TypesInfo, r.Loop) && !seen[r.Loop] {
			seen[r.Loop] = true
			p.ReportRegion(r, nil, "", nil, "retry loop tries again at once after a failure: wait between attempts, with capped exponential backoff and jitter")
		}
		return
	}
	for _, w := range r.Waits {
		if w.Growth == retryscope.GrowthGrowing || w.Jitter || w.Policy {
			return // some path waits longer each time, or at random, or a policy out of reach decides
		}
	}
	for _, w := range r.Waits {
		if w.Growth != retryscope.GrowthConstant || seen[w.At] {
			continue
		}
		if w.Library != nil {
			reportPolicy(p, r, w.Library, seen)
			continue
		}
		// A constant wait keeps callers in step; one that paces a single caller
		// (an owner's loop, a command's retry) has nobody to be in step with, and
		// a readiness wait's probes poll for a state at their own pace, and a
		// few quick tries are over before a pace could matter, as are a
		// modest number of tries a second or more apart.
		if w.Duration == nil || waitFromCaller(p, r, w) || r.PacesOneProcess() || p.Scope.ProbesUntilReady(r) || p.Scope.FewQuickTries(r) || steadyPace(p, r, w) {
			continue
		}
		seen[w.At] = true
		p.ReportRegion(r, w.At, "the wait", nil, "retry loop waits the same %s before every attempt%s: back off exponentially, with a cap and jitter",
			types.ExprString(w.Duration), via(w))
		return // one loop, one finding, however many of its waits are constant
	}
}

// quietAtOnce reports whether a region that does not wait is still no hot
// retry worth a finding. A fresh candidate, a redial or the next connection,
// or a write restarted on fresh state after a conflict: no system asked to
// slow down. One process's one retry, or a few quick tries, make no burst.
// An attempt that waits for another goroutine's answer is paced by it.
func quietAtOnce(p *lint.Pass, r *retryscope.Region) bool {
	return newCandidate(p, r) || !r.MayBeRefused() || r.RestartsOnConflict() || r.RefreshesOnStale() ||
		p.Scope.RetriesOnceInProcess(r) || p.Scope.FewQuickTries(r) || p.Scope.AwaitsAnswer(r) || r.GoesRoundOnlyAfterTimeout()
}

// waitFromCaller reports whether a constant wait is the duration a forwarding
// wrapper's caller passes (func withRetries(n int, sleep time.Duration, op
// func() error) { ...; time.Sleep(sleep) }): like the operation, the wait is
// each caller's choice, and the wrapper only applies it.
func waitFromCaller(p *lint.Pass, r *retryscope.Region, w *retryscope.Wait) bool {
	fd, ok := r.Func.(*ast.FuncDecl)
	declaring, _ := code.ParamOf(p.TypesInfo, code.VarOf(p.TypesInfo, w.Duration))
	return ok && declaring == ast.Node(fd) && p.Scope.OperationFromCaller(r)
}

func via(w *retryscope.Wait) string {
	switch w.Kind {
	case retryscope.WaitTicker:
		return " (a ticker)"
	case retryscope.WaitTimer:
		return " (a timer)"
	}
	return ""
}
