package retryscope

import (
	"go/ast"
	"go/types"
	"regexp"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A readiness wait asks a dependency "are you reachable yet?" until it answers
// or a time limit runs out: its attempt is a connectivity probe (a database
// ping, a dial, a health check) that does no work, so there is nothing a
// failure could have done and nothing to classify: every error means "not
// yet". Only a wait bounded by an elapsed-time limit of its own is such a
// wait; a probe with no limit can block a start-up forever, and a call that
// does work under a time limit is a retry.
//
// Building a client is such a probe too when a start-up does it: a
// constructor that dials and handshakes (NewClient, Connect, DialContext)
// reaches its dependency and does no work, so its failures mean "not up yet"
// or a misconfiguration the start-up reports once the limit runs out. A
// start-up runs once: the same loop in a request handler, or in a worker's
// loop, builds a client per request or job and stays a retry (atStartUp).

// probeCalls are connectivity probes of the standard library.
var probeCalls = map[string]bool{
	"(*database/sql.DB).Ping": true, "(*database/sql.DB).PingContext": true,
	"(*database/sql.Conn).PingContext": true,
	"net.Dial":                         true, "net.DialTimeout": true,
	"(*net.Dialer).Dial": true, "(*net.Dialer).DialContext": true,
}

// probeName matches functions, methods and func values named for a probe:
// Ping, HealthCheck, Healthz, IsReady, Alive, and the func values a readiness
// wait is handed (readiness, ready, healthy, probe, readyFunc, healthCheckFn).
// The whole name must say it: sendPing or readyQueue does not.
var probeName = regexp.MustCompile(`(?i)^(is)?(ping|health|healthz|healthy|healthcheck|checkhealth|alive|ready|readyz|readiness|livez|probe|readinessprobe)(context|check|func|fn)?$`)

// ProbesUntilReady reports whether a region is a readiness wait: every
// attempt is a connectivity probe, or a start-up loop's constructor of a
// handle (buildsHandle), and the retrying has an elapsed-time limit of its
// own. For a loop the limit is its deadline made in the function; for the
// callback of a retry helper it is also the helper's own time cap
// (retry.WithMaxDuration, MaxElapsedTime), not a library default. A
// command's start-up that builds its clients a counted number of times with
// waits is one too (buildsClientsAtStart).
func (res *Result) ProbesUntilReady(r *Region) bool {
	if r == nil || len(r.Attempts) == 0 || res.info == nil {
		return false
	}
	if res.buildsClientsAtStart(r) {
		return true
	}
	if !res.elapsedLimit(r) {
		return false
	}
	startUp := res.atStartUp(r)
	return res.everyAttemptIs(r, func(call *ast.CallExpr) bool {
		return res.probes(call) || startUp && buildsHandle(res.info, call)
	})
}

// everyAttemptIs reports whether some attempt of a region satisfies is and
// every other one only makes or marks an error (wrapsError).
func (res *Result) everyAttemptIs(r *Region, is func(*ast.CallExpr) bool) bool {
	found := false
	for _, call := range r.Attempts {
		switch {
		case wrapsError(res.info, call):
		case is(call):
			found = true
		default:
			return false
		}
	}
	return found
}

// wrapsError reports whether a call makes or marks an error value rather than
// doing work: errors.New, fmt.Errorf, retry.RetryableError(err),
// backoff.Permanent(err).
func wrapsError(info *types.Info, call *ast.CallExpr) bool {
	if !isAttempt(info, call, nil) {
		return true
	}
	for _, a := range call.Args {
		if t := info.TypeOf(a); t != nil && isErrorType(t) {
			return true
		}
	}
	return false
}

func (res *Result) elapsedLimit(r *Region) bool {
	switch r.Kind {
	case LoopRegion:
		return res.LocalDeadline(r)
	case CallbackRegion:
		if r.Helper == nil {
			return false
		}
		p := r.Helper.Policy()
		return res.LocalDeadline(r) || p.Limit != nil && p.TimeLimit && !p.DefaultLimit
	}
	return false
}

// probes reports whether a call is a connectivity probe: one of the standard
// library's, a call that reaches a dependency only (reachesOnly), or a
// function, method or func value (a parameter, field or variable) named for
// one.
func (res *Result) probes(call *ast.CallExpr) bool {
	if fn := code.Callee(res.info, call); fn != nil {
		return probeCalls[fn.FullName()] || probeName.MatchString(fn.Name()) || reachesOnly(fn)
	}
	name, sig := calledName(res.info, call)
	return sig != nil && probeName.MatchString(name)
}
