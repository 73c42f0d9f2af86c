// Package nestedretry defines an Analyzer that reports a retry wrapped around a
// call that already retries on its own.
//
// # Retry wraps a call that already retries
//
// When each layer of a call chain retries, the attempts multiply: a service that
// tries 3 times around a client that tries 4 times makes 12 requests for one
// failure, and one more layer above makes it dozens. During an outage the
// dependency then receives many times its normal load from the clients that are
// supposed to be backing off, which keeps it down. Keep a single retry layer,
// usually the one closest to the dependency, and let the others fail fast.
//
// The analyzer reports, at the retry region (the related information points at
// the call), a call inside the region's attempt that retries by
// itself: a retry-helper call (retry.Do inside a retry loop), a function that
// retries (it carries the engine's Retries fact, whether it is in this package
// or another, so a service's retry around a package whose functions already
// retry is found), a self-retrying client of the knowledge base
// (go-retryablehttp, AWS SDK v2 service clients, go-redis commands, franz-go
// requests and ProduceSync, kafka-go Writer, sarama SyncProducer, cockroach-go
// ExecuteTx), or a function of this package that
// makes such a call one level down. The message names both layers and their
// attempt counts when they are known ("3 × 5 = 15 attempts").
//
// An inner layer of this package that more than three outer retries reach
// is reported once, at the inner retry, with the number of outer retries
// (sharedlayer.go): one cause, one finding.
//
// A single retry layer is not reported, nor a client whose retries are turned
// off (go-retryablehttp RetryMax: 0, kafka-go Writer MaxAttempts: 1, go-redis
// MaxRetries: -1, aws.NopRetryer, kgo.RecordRetries(1): the engine reads each
// client family's settings), nor a client whose retry setting is not a
// constant the analyzer can read. Nor is an inner layer with no attempt limit
// and no deadline (retryscope.Region.Endless): it returns only success or an
// error it chose not to retry, so an outer retry has nothing to multiply.
// Nor is a pair of counted layers in a command's own code (outside request
// handlers) whose product is at most a dozen attempts: one run of a one-off
// command is one client, not the many whose multiplied load is the harm.
// Nor are two layers that are both a few quick tries the code caps (at most 5
// attempts and 1 s of waiting each: client-go's retry.DefaultBackoff around a
// RetryOnConflict with it, retryscope.Result.BriefTries): 4 × 4 calls spent
// in about a second are too few and too short to load anything.
// Nor is an inner loop that polls for something to appear
// (retryscope.Result.AwaitsAppearance: it waits before its first read and
// ends on a deadline of its own): it carries no Retries fact.
package nestedretry

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

const doc = `report a retry around a call that already retries

A retry region whose attempt calls a retrying function (any package), a retry
helper, or a self-retrying client (go-retryablehttp, AWS SDK v2, kafka-go
Writer, crdb.ExecuteTx) multiplies the attempts of both layers; keep one layer.`

// Analyzer reports nested retry layers.
var Analyzer = lint.New("nestedretry", doc, run)

type finding struct {
	outer *retryscope.Region
	inner *retryscope.InnerRetry
}

func run(p *lint.Pass) error {
	// A call inside nested regions is reported once, for the innermost region
	// (regions come in source order, so a later one that lists it is nested).
	byCall := make(map[*ast.CallExpr]*finding)
	var order []*ast.CallExpr
	for _, r := range p.Scope.Regions {
		if !r.Remote() || classifiesAlone(r) || !r.MultipliesAttempts() {
			continue
		}
		for _, in := range r.Inner {
			if r.RetriesNoneOf(in) {
				continue // the layers retry different errors
			}
			if in.Endless {
				continue // it gives up only by verdict: nothing left to multiply
			}
			if fewForOneRun(r, in) || p.Scope.BriefTries(r) && in.Tries.Brief() {
				continue // a few quick tries around a few quick tries: a permanent error surfaces within seconds
			}
			if byCall[in.Call] == nil {
				order = append(order, in.Call)
			}
			byCall[in.Call] = &finding{outer: r, inner: in}
		}
	}
	shared := map[*ast.CallExpr]bool{}
	for _, g := range sharedLayers(p, order, byCall) {
		reportShared(p, g)
		for _, call := range g.calls {
			shared[call] = true
		}
	}
	for _, call := range order {
		if shared[call] {
			continue // reported once, at the inner layer its outer retries share
		}
		f := byCall[call]
		p.ReportRegion(f.outer, call, "the retried call", nil, "%s", message(f.outer, f.inner))
	}
	return nil
}

// oneRunAttempts caps the attempts a command's nested pair may make in all
// and stay quiet: 4 tries around a helper of 3 are 12 calls when one person's
// or one CI job's run of `tool migrate` fails, noise for the dependency. The
// harm of nesting is load multiplied by many clients at once, which a command
// run once per invocation does not have; past a dozen calls one run alone is
// a burst worth a finding.
const oneRunAttempts = 12

// fewForOneRun reports whether a nested pair runs once per invocation of a
// command (Region.InCommand: its own code, outside request handlers) with
// both counts known and a product of at most oneRunAttempts. Library code,
// handlers, and a layer of unknown count are judged as in a service.
func fewForOneRun(r *retryscope.Region, in *retryscope.InnerRetry) bool {
	n, m := r.Bound.MaxAttempts, in.Attempts
	return r.InCommand() && n > 0 && m > 0 && n*m <= oneRunAttempts
}

// classifiesAlone: a helper that retries only its own class of errors (crdb:
// CockroachDB's retryable errors; client-go RetryOnConflict: conflicts; OnError:
// what its predicate accepts) does not retry the inner call's failures, so
// their attempts do not multiply.
func classifiesAlone(r *retryscope.Region) bool {
	return r.Helper != nil && r.Helper.Entry.ChoosesErrors()
}

func message(r *retryscope.Region, in *retryscope.InnerRetry) string {
	outer, n := outerName(r), r.Bound.MaxAttempts
	m := in.Attempts
	product := "the attempts multiply"
	if n > 0 && m > 0 {
		product = fmt.Sprintf("%d × %d = %d attempts", n, m, n*m)
	}
	return fmt.Sprintf("%s%s around %s, which retries on its own (%s%s): %s; keep a single retry layer",
		outer, count(n), callee(in), in.Why, countComma(m), product)
}

func outerName(r *retryscope.Region) string {
	if r.Helper != nil {
		return r.Helper.Name()
	}
	return r.Kind.String()
}

func callee(in *retryscope.InnerRetry) string {
	if in.Func != nil && in.Call != nil && !calls(in.Call, in.Func) {
		return in.Func.Name() // a callback given as a function value
	}
	return types.ExprString(in.Call.Fun)
}

// calls reports whether call's function expression names fn.
func calls(call *ast.CallExpr, fn *types.Func) bool {
	switch e := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return e.Name == fn.Name()
	case *ast.SelectorExpr:
		return e.Sel.Name == fn.Name()
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

func count(n int) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf(" (%d attempts)", n)
}

func countComma(n int) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf(", %d attempts", n)
}
