// Package sleepnoctx defines an Analyzer that reports waits between retry
// attempts that cannot be cancelled.
//
// # Waits between attempts ignore cancellation
//
// time.Sleep, a lone <-time.After or a select with only a timer case keeps a
// retry waiting after its caller has given up: the request's deadline passed, the
// server is shutting down, the user went away. The goroutine and everything it
// holds stay busy for the rest of the backoff. Wait in a select that also
// receives from ctx.Done(). When a context.Context is in scope, or a value
// that carries one (an *http.Request parameter, a receiver's context field),
// the message names it and the analyzer offers that rewrite as a suggested fix.
// With none, a wait is reported only when a cancellation is in reach all the
// same: a stop channel in sight (retryscope's StopChannelInReach), named in
// the message, or a caller of the package holding a context it could hand
// down (contextReachable). A wait with neither ignores nothing; nor does one
// in a goroutine that gave itself a context nothing can cancel
// (retryscope's Detached): it was cut off from its starter's contexts on
// purpose.
//
// A wait is reported when a cancellation can go unnoticed for longWait or
// more, or for a time the code does not bound: one wait when the region checks
// its context or a stop channel before each wait, every wait of every attempt
// otherwise. Provably shorter waits hold nobody up for long, and a wait that
// provably lasts 0 (a field the package never sets) holds up nobody: the
// engine does not count it as a wait.
//
// A compare-and-swap restart, a loop or a function calling itself, that goes
// round only when its write of state read anew answers a conflict
// (retryscope.Region.RestartsOnConflict) ends once nobody else writes, and
// each extra round means another writer made progress: a provably short
// pause there (under 10 s each) holds nobody up and is not reported (decided
// on set N1). A longer pause, or one in a retry that also goes round on other
// errors, is.
//
// A poll for something to appear (it goes round only on "not found") is no
// retry, but its "not yet" waits hold up a caller that gave up as a retry's
// do: they are judged the same way when a context is in reach.
//
// A time.Sleep reached only when the context's Done channel is nil (the
// fallback of a select on ctx.Done() and a timer) ignores no cancellation:
// such a context can never be cancelled (donenil.go; decided on V2).
//
// Retry helpers whose waits ignore a context in scope are reported too:
// cenkalti/backoff v4 Retry without backoff.WithContext, and avast/retry-go Do
// without retry.Context(ctx).
package sleepnoctx

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const doc = `report waits between retry attempts that ignore cancellation

time.Sleep (or a select on time.After alone) inside a retry region keeps waiting
after the context is cancelled; wait in a select on ctx.Done() and a timer.
Reported when a cancellation can go unnoticed for 10 s or more, or for a time
the code does not bound.`

// Analyzer reports uncancellable waits in retry regions.
var Analyzer = lint.New("sleepnoctx", doc, run)

func run(p *lint.Pass) error {
	seen := make(map[ast.Node]bool)
	src := make(sources)
	for _, r := range p.Scope.Regions {
		checkWaits(p, r, waitsOf(p, r), retryWait, seen, src)
		if r.Helper != nil && r.Context != nil && !p.Scope.ContextNeverEnds(r.Context) {
			checkHelper(p, r)
		}
	}
	// The failure way of a poll loop: its waits are those on that way.
	for _, r := range p.Scope.PollErrorsNoOwnerStops() {
		checkWaits(p, r, r.Waits, retryWait, seen, src)
	}
	// A poll for something to appear is no retry, but a caller that gave up
	// waits out its "not yet" waits all the same.
	for _, r := range p.Scope.AbsencePollsNoOwnerStops() {
		checkWaits(p, r, r.Waits, pollWait, seen, src)
	}
	// A restart loop is no retry, but its wait between restarts holds off the
	// stop: for one wait, since the component checks the stop every round.
	for _, r := range p.Scope.Restarts {
		checkWaits(p, r, r.Waits, retryWait, seen, src)
	}
	// A failure way that skips the loop's stop check: its wait is all that
	// comes between two attempts, and the stop is never looked at.
	for _, r := range p.Scope.StopSkips {
		checkWaits(p, r, r.Waits, retryWait, seen, src)
	}
	return nil
}

// waitKind is what a region's waits are for.
type waitKind struct {
	words string // where the message says the wait is
	// contextOnly: reported only with a context in reach. A poll with none
	// to watch is how a program waits for a state; asking it for a context
	// would be asking its callers to thread one through.
	contextOnly bool
}

var (
	retryWait = waitKind{words: "between retry attempts"}
	pollWait  = waitKind{words: "while polling for something to appear", contextOnly: true}
)

// checkWaits reports the region's waits that nothing but their timer ends,
// when they hold off a cancellation for long; each wait once.
func checkWaits(p *lint.Pass, r *retryscope.Region, waits []*retryscope.Wait, kind waitKind, seen map[ast.Node]bool, src sources) {
	waits = uncancellable(waits)
	for _, w := range waits {
		if seen[w.At] || onlyWithoutDone(p.TypesInfo, w.At) {
			continue // donenil.go
		}
		long, shown := holdsOffLong(p, r, w, waits)
		if !long {
			continue
		}
		ctx := contextOf(p, r, w)
		if ctx == "" && (kind.contextOnly || (!shown && r.RoundStaysLocal())) {
			continue // nothing to cancel it with, and no proof the wait matters
		}
		if ctx != "" {
			seen[w.At] = true
			report(p, r, w, ctx, kind, src)
			continue
		}
		if stop := p.Scope.StopChannelInReach(w.At); stop != "" {
			seen[w.At] = true
			reportStop(p, r, w, stop, kind)
			continue
		}
		if !p.Scope.Detached(r, w.At) && contextReachable(p, w.At) {
			seen[w.At] = true
			report(p, r, w, "", kind, src)
		}
		// else no cancellation anywhere in sight: the wait ignores nothing
	}
}

// waitsOf returns a region's waits; for callbacks, the sleeps in the callback.
func waitsOf(p *lint.Pass, r *retryscope.Region) []*retryscope.Wait {
	if r.Kind != retryscope.CallbackRegion {
		return r.Waits
	}
	if r.Helper.Scheduled() {
		return nil // the server waits between attempts; a sleep in the callback is part of one
	}
	return retryscope.SleepsIn(p.TypesInfo, r.Body)
}

// uncancellable returns the waits that nothing but their timer ends.
func uncancellable(waits []*retryscope.Wait) []*retryscope.Wait {
	var out []*retryscope.Wait
	for _, w := range waits {
		switch w.Kind {
		case retryscope.WaitSleep:
			out = append(out, w)
		case retryscope.WaitAfter, retryscope.WaitTimer:
			if !w.Cancellable {
				out = append(out, w)
			}
		}
	}
	return out
}

// report reports an uncancellable wait, naming ctx as the context to watch
// ("" for none in sight).
func report(p *lint.Pass, r *retryscope.Region, w *retryscope.Wait, ctx string, kind waitKind, src sources) {
	switch {
	case w.Kind == retryscope.WaitSleep && ctx != "":
		p.ReportRegion(r, w.At, "the wait", sleepFix(p, w, ctx, src), "time.Sleep %s ignores cancellation: wait in a select on %s.Done() and a timer", kind.words, ctx)
	case w.Kind == retryscope.WaitSleep:
		p.ReportRegion(r, w.At, "the wait", nil, "time.Sleep %s cannot be cancelled: accept a context.Context and wait in a select on ctx.Done() and a timer", kind.words)
	case ctx != "":
		p.ReportRegion(r, w.At, "the wait", nil, "wait %s ignores cancellation: add a case <-%s.Done() to the select", kind.words, ctx)
	default:
		p.ReportRegion(r, w.At, "the wait", nil, "wait %s cannot be cancelled: accept a context.Context and add a case <-ctx.Done() to the select", kind.words)
	}
}

// reportStop reports an uncancellable wait with a stop channel in reach
// (StopChannelInReach), naming it as the signal to watch.
func reportStop(p *lint.Pass, r *retryscope.Region, w *retryscope.Wait, stop string, kind waitKind) {
	if w.Kind == retryscope.WaitSleep {
		p.ReportRegion(r, w.At, "the wait", nil, "time.Sleep %s ignores the stop channel %s: wait in a select on %s and a timer", kind.words, stop, stop)
		return
	}
	p.ReportRegion(r, w.At, "the wait", nil, "wait %s ignores the stop channel %s: add a case <-%s to the select", kind.words, stop, stop)
}

// contextOf spells the context the wait should watch: a context.Context
// variable in scope, else one a value in scope carries (an *http.Request
// parameter's req.Context(), a receiver's ctx field the method reads), or ""
// for none. A variable that only ever holds a context nothing can cancel
// (context.Background(), TODO(), WithValue over them: ContextNeverEnds) is
// none: its Done channel never closes, so a select on it changes nothing.
func contextOf(p *lint.Pass, r *retryscope.Region, w *retryscope.Wait) string {
	if r.Context != nil && !p.Scope.ContextNeverEnds(r.Context) {
		return r.Context.Name()
	}
	return p.Scope.CarriedContext(w.At)
}

// checkHelper reports a helper that sleeps without the context in scope: its
// library can be given a context (an option, a wrapper) and this call does not.
// A policy value built by a function of the code, or options out of reach
// applied after the call's own, may carry one out of sight.
func checkHelper(p *lint.Pass, r *retryscope.Region) {
	h := r.Helper
	if h.Wrapper != nil && h.Wrapper.Verdict {
		checkVerdictWrapper(p, r)
		return
	}
	hint := h.Hints(h.Call).Context
	if h.Entry == nil || h.Entry.ContextAware || hint == "" || h.Policy().Context != nil || h.Policy().BuiltBy != nil || h.Policy().Open != nil {
		return
	}
	if t := p.Scope.TriesOf(r); t.Attempts > 0 && t.Wait < longWait {
		return // its waits are provably short: a cancel goes unnoticed briefly
	}
	ctx := r.Context.Name()
	p.ReportRegion(r, nil, "", nil, "%s.%s sleeps between attempts without watching %s: "+hint, h.Func.Pkg().Name(), h.Func.Name(), ctx, ctx)
}
