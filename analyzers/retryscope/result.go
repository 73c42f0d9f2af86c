package retryscope

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/rules"
)

// Result is what the engine found in one package. Every rule starts from it.
type Result struct {
	Knowledge *rules.Knowledge
	// Regions are the code that may run again because an earlier run failed, in
	// source order.
	Regions []*Region
	// PollErrors are the failure ways of poll loops: a loop that goes round on
	// "not yet" after a wait and, on a way of its own, on a failed call
	// (poll_errors.go). They are no retry regions: only the rules whose claim
	// holds for them (no bound, a wait that ignores cancellation) read them.
	PollErrors []*Region
	// AbsencePolls are the "not yet" ways of polls for absence: a loop whose
	// failure goes round only past a test for "not found" (poll_absence.go).
	// They are no retry regions: only sleepnoctx reads them, since a wait a
	// cancellation cannot end holds up the caller of a poll as of a retry.
	AbsencePolls []*Region
	// ClassWaits are the failure ways of watch loops that wait there on some
	// errors only (poll_classwait.go); only fixedsleep reads them.
	ClassWaits []*Region
	// spins are the loops that go round at once (poll_spin.go).
	spins spinReadings
	// Restarts are restart loops (supervise.go): a loop that restarts a
	// component serving until its stop, and ends on the nil the component
	// then returns. They are no retry regions: only the waits between
	// restarts are judged (sleepnoctx), each noticing the stop within one
	// round (NoticesCancel).
	Restarts []*Region
	// StopSkips are the failure ways of loops whose stop check lies only on
	// the way their success takes: the failure waits and goes straight back
	// to the attempt (loop_stopskip.go). Only the rules whose claim holds for
	// them (no bound, a wait that ignores the stop) read them.
	StopSkips []*Region
	// ClientRetries are the clients' own retry configurations, judged where
	// they are written: a gRPC service config's retryPolicy, retry interceptor
	// options, and the self-retrying client calls whose settings choose a wait
	// without jitter or no attempt limit (api_clientretry.go).
	ClientRetries []*ClientRetry
	// TxCallbacks are functions run inside a database transaction by a helper.
	TxCallbacks []*TxCallback
	// Handlers are functions that acknowledge (checkpoint) consumed messages.
	Handlers []*Handler
	// VerdictImpls are the package's implementations of interface methods
	// whose verdict a retry loop obeys (verdict_impls.go), each a callback
	// that is shown to retry a failure. They are no retry regions: only
	// retryall reads them.
	VerdictImpls []*VerdictImpl

	// Ignores holds the //retrylint:ignore directives of the package.
	Ignores *Ignores
	// Err is set when the engine panicked on the package (recover.go); the
	// Result is empty then.
	Err error

	info *types.Info
	pkg  *types.Package
	// skippedStops are the stop checks of StopSkips (SkippedStop).
	skippedStops map[*Region]ast.Node
	// module is the path of the package's module, or "" (inModule).
	module string
	files  []*ast.File
	funcs  *funcIndex
	known  known     // memoized knowledge-base lookups (memo.go)
	fresh  freshMemo // memoized one-level answers of FreshCall (fresh.go)
	// configs memoizes the reading of configuring calls (lib_configs.go).
	configs map[*ast.CallExpr][]*ClientRetry
	// fields memoizes the values a struct field gets in the package (lib_grpc.go).
	fields map[string][]Value
	// facts are the facts exported for the package's own functions.
	facts map[*types.Func][]fmt.Stringer
	// remote decides whether code reaches another system (remote.go).
	remote *remoteCheck
	// verdicts are the package's verdict wrappers (verdict.go), found with
	// the loops and inferred as wrappers with the callbacks.
	verdicts map[*types.Func]*RetryWrapper
	// verdictMethods are the package's interface methods whose verdict a
	// retry loop of the package obeys (verdict_iface.go).
	verdictMethods map[*types.Func]*VerdictMethod
	noVerdicts     map[*funcNode]bool // verdict_declared.go
	// clientConfigs are the configurations of a client library anywhere in
	// the package, by library modules (lib_clients.go).
	clientConfigs map[string][]Setting
	// boundsAnswer are the functions, of the package or called by it, that
	// build a transport with a ResponseHeaderTimeout (transport_bound.go).
	boundsAnswer map[*types.Func]bool
	// waitsParams memoizes which functions wait their duration parameter
	// (wait_durparam.go).
	waitsParams map[*types.Func]*WaitsParam
	// sendsClients are the SendsClient facts of the functions of other
	// packages the package names (send_ctxparam.go).
	sendsClients map[*types.Func]*SendsClient
	// passesContext are the PassesContext facts of the functions of other
	// packages the package names (ctx_passthrough.go).
	passesContext map[*types.Func]*PassesContext
	// stdinCheck answers which code reads standard input (loop_asksperson.go).
	stdinCheck *stdinCheck
	// roundFuncs memoizes the values of the round functions the package
	// calls (wait_roundfunc.go).
	roundFuncs map[*types.Func][]float64
	// namedCalls memoizes the calls of the package that name a function,
	// nil for one also used otherwise (calls_naming.go). Rules ask for
	// it, and the rules of a package may run at once: namedMu guards it.
	namedCalls map[*types.Func][]*ast.CallExpr
	namedMu    sync.Mutex
}

// FactsOf returns the facts the engine exported for a function of this package
// (RetryWrapper, Retries, TxWrapper), for tests and tools that show them.
func (r *Result) FactsOf(fn *types.Func) []fmt.Stringer { return r.facts[fn] }

// exportFact exports a fact and remembers it for FactsOf.
func (r *Result) exportFact(pass *analysis.Pass, fn *types.Func, f interface {
	analysis.Fact
	fmt.Stringer
	originated
}) {
	exportObjectFact(pass, fn, f)
	if r.facts == nil {
		r.facts = make(map[*types.Func][]fmt.Stringer)
	}
	r.facts[fn] = append(r.facts[fn], f)
}

// RegionKind says how a region repeats.
type RegionKind int

const (
	// LoopRegion is a for, range or goto loop in which failure iterates and
	// success exits.
	LoopRegion RegionKind = iota
	// RecursionRegion is a function that calls itself again on failure.
	RecursionRegion
	// CallbackRegion is a function handed to a retry helper (known or inferred).
	CallbackRegion
)

func (k RegionKind) String() string {
	switch k {
	case LoopRegion:
		return "retry loop"
	case RecursionRegion:
		return "recursive retry"
	default:
		return "retry callback"
	}
}

// Region is code that may run more than once because an earlier run failed.
type Region struct {
	Kind RegionKind
	// Pos is where region-level findings are reported: the loop keyword (or the
	// goto's label), the recursive call, or the retry-helper call.
	Pos token.Pos
	// Loop is the *ast.ForStmt, *ast.RangeStmt or *ast.LabeledStmt (goto loop) of a
	// LoopRegion.
	Loop ast.Stmt
	// Body is the code that runs again: the loop body, the function body of a
	// recursive retry, or the callback's body (nil when the callback's body is not
	// in this package).
	Body ast.Node
	// Func is the enclosing *ast.FuncDecl or *ast.FuncLit of the loop, recursive call
	// or helper call.
	Func ast.Node
	// Attempts are the calls whose failure leads to another attempt.
	Attempts []*ast.CallExpr
	// ErrVars are the variables holding the attempt's error (or response).
	ErrVars []types.Object
	// Classification is the first thing on the failure path that tells errors
	// apart (errors.Is/As, a type switch, a sentinel compare, a status-code check,
	// a classifier call, a Permanent/Unrecoverable wrapper, a RetryIf option), or
	// nil when every failure is retried alike.
	Classification ast.Node
	// Waits are the waits between attempts in a hand-written region.
	Waits []*Wait
	// Bound is what limits the attempts.
	Bound Bound
	// Helper is the retry-helper call of a CallbackRegion.
	Helper *HelperCall
	// Context is a context.Context variable in scope at Pos, or nil.
	Context *types.Var
	// Failover is true for a loop that tries the next of several targets on each
	// attempt (replicas, endpoints) rather than the same call again.
	Failover bool
	// Restart is true for a restart loop (Result.Restarts).
	Restart bool
	// Periodic is true for the failure way of a poll loop whose success also
	// goes round after a timed wait: a periodic job (poll_periodic.go).
	Periodic bool
	// hotFailure marks a periodic job whose failure way skips every wait
	// (poll_hotfailure.go).
	hotFailure bool
	// Inner are the calls inside the region's attempt that retry on their own
	// (functions with the Retries fact, self-retrying clients, retry helpers).
	Inner []*InnerRetry

	// local is true when the attempt provably stays in the process (Remote).
	local bool
	// roundLocal: the attempt and all the rest of each round stay in the
	// process (RoundStaysLocal).
	roundLocal bool
	// command is true when the region runs once per invocation of a command
	// (PacesOneProcess).
	command bool
	// atStart is true when the region runs once per start of a long-lived
	// component (startup_component.go).
	atStart bool
	// straight is true for a recursive retry whose way back to its self-call
	// calls nothing of the package (RecursesStraight).
	straight bool
	// connectsOnly is true when every remote reach of the attempt is proved
	// connection-level (MayBeRefused).
	connectsOnly bool
	// conflictRestart is true for a compare-and-swap restart
	// (RestartsOnConflict).
	conflictRestart bool
	// stale is what is known of a stale-state loop (RefreshesOnStale).
	stale staleRefresh
	// ways are the failure paths back to the next attempt (RetriesNoneOf).
	ways *retryWays
}

// MultipliesAttempts reports whether the region is a retry layer that
// multiplies the attempts of a layer inside or around it: not a failover
// (each target is asked once) and not a flag-bounded "once more".
func (r *Region) MultipliesAttempts() bool { return !r.Failover && !r.Bound.OnceMore }

// Endless reports whether the region has no attempt limit and no deadline:
// no counter, no time or context check, and for a helper call settings that
// remove every limit (Bound.Unbounded) or a wrapper of the analysed code whose
// own loop is endless (RetryWrapper.Endless) and a callback that counts nothing. Such a layer hands its caller only
// success or an outcome it chose not to retry (a classifier's or callback's
// give-up verdict, an owner's stop): a retry around it cannot multiply its
// attempts, forever times n is still forever.
func (r *Region) Endless() bool {
	b := r.Bound
	if b.Counter != nil || b.Deadline != nil && !b.onlyCallerWaitContext() || b.OnceMore {
		return false
	}
	if r.Kind != CallbackRegion {
		return true
	}
	return b.Unbounded != nil || r.Helper != nil && r.Helper.Wrapper != nil && r.Helper.Wrapper.Endless
}

// Classified reports whether the failure path tells errors apart.
func (r *Region) Classified() bool { return r.Classification != nil }

// WaitKind says how a hand-written region waits between attempts.
type WaitKind int

const (
	WaitSleep  WaitKind = iota // time.Sleep
	WaitAfter                  // <-time.After(d), alone or in a select
	WaitTimer                  // time.NewTimer / Reset / time.AfterFunc
	WaitTicker                 // a ticker driving the attempts
	WaitOther                  // a call of the analysed code or a library that waits
)

// Growth says how a wait's duration changes from one attempt to the next.
type Growth int

const (
	GrowthUnknown  Growth = iota
	GrowthConstant        // loop-invariant
	GrowthGrowing         // depends on something the loop changes
)

// Wait is one wait between attempts.
type Wait struct {
	Kind WaitKind
	// At is where the region waits: the time.Sleep or time.After call, the receive
	// from a timer's or ticker's channel, the select, or the waiting call.
	At ast.Node
	// Call is the call that sets the duration (time.Sleep, time.After,
	// time.NewTimer, (*time.Timer).Reset, time.NewTicker), or nil.
	Call *ast.CallExpr
	// Duration is the duration argument, or nil; for a waiting helper of the
	// package, its own wait's duration when a field it advances makes it grow
	// (wait_helpergrowth.go); for a call of a function that waits its
	// duration parameter, the argument there (wait_durparam.go).
	Duration ast.Expr
	// Growth says whether Duration changes between attempts.
	Growth Growth
	// Jitter is true when a random value flows into Duration.
	Jitter bool
	// Policy is true for the call of a policy's verdict out of reach
	// (verdict_policy.go): it may wait any time, growing or at random, so no
	// wait of the region is known to be the same for every attempt or every
	// client.
	Policy bool
	// Getter is true for a call through a func value whose result is used
	// as a receiver (log.G(ctx).Warnf(...)): out of sight, so no rule claims
	// the loop does not wait, but a getter, not a pause, so the wait totals
	// (WaitTotalAtMost) count it as 0.
	Getter bool
	// Deterministic is true when Duration is computed only from constants,
	// variables and pure arithmetic (math.Pow, min, shifts): no unknown calls.
	Deterministic bool
	// Select is the select statement the wait is part of, or nil.
	Select *ast.SelectStmt
	// Cancellable is true when the wait also stops on <-ctx.Done() or another channel.
	Cancellable bool
	// Library is the backoff library call the wait comes from (knowledge base
	// backoff_calls: jpillora/backoff's Duration, lestrrat-go/backoff's
	// Continue), read like a retry helper: its Policy has the setting that makes
	// the wait constant or leaves out jitter, its Hints the library's advice.
	Library *HelperCall
}

// Bound is what limits a region's attempts.
type Bound struct {
	// Counter is the condition that caps the attempts (loop condition, range over a
	// finite sequence, `if attempt >= max`), or nil.
	Counter ast.Node
	// MaxAttempts is the attempt cap when constant, 0 when unknown.
	MaxAttempts int
	// OnceMore is true when the cap is a flag set on the first failure and
	// tested on the next (if again { return err }; again = true): one extra
	// attempt, not a retry layer that multiplies another one.
	OnceMore bool
	// countsDown is true when Counter tests a counter the loop decrements
	// against its floor: MaxAttempts then comes from its start (countdown).
	countsDown bool
	// failures is the counter of an endless loop that counts its failures
	// and leaves past a constant (wait_failcount.go), or the zero counter.
	failures counter
	// Deadline is a ctx.Done()/ctx.Err()/time check that ends the retrying, or nil.
	Deadline ast.Node
	// DeadlineLocal is true when the checked context got a deadline in the
	// same function: context.WithTimeout/WithDeadline, a context derived from
	// one, or one returned by a helper of the package that makes one
	// (wait_deadline.go).
	DeadlineLocal bool
	// Owner is an exit of the retrying that reads a stop signal of a
	// long-lived owner (<-m.done, <-s.ctx.Done(), if s.closed), or the read
	// of the next item of a source its holder closes, which the loop goes
	// round on only on temporary failures (s.ln.Accept(): loop_closestop.go),
	// or nil: see Region.StoppedByOwner (owner.go).
	Owner ast.Node
	// OwnerContext is a context an attempt is handed that its owner ends (a
	// field's, or one whose cancel the owner's stop calls), or nil: see
	// Region.AttemptStoppedByOwner (owner_cancel.go).
	OwnerContext ast.Expr
	// Unbounded is set for helpers whose options remove every bound (retry.Attempts(0),
	// MaxElapsedTime: 0 without a retry cap, ...): it names the setting.
	Unbounded ast.Node
	// Tries is a helper's ceiling on its attempts and waits when its
	// settings show both (Policy.Tries); loops' are read by Result.TriesOf.
	Tries Tries
	// waitContext is the context a wait helper that fails only with its
	// error is handed, when that is the Deadline (wait_ctxsleep.go).
	waitContext ast.Node
}

// Bounded reports whether something limits the attempts.
func (b Bound) Bounded() bool { return b.Counter != nil || b.Deadline != nil }

// HelperCall is the call of a retry helper that makes a CallbackRegion.
type HelperCall struct {
	Call *ast.CallExpr
	Func *types.Func
	// Entry is the knowledge-base entry, nil for an inferred wrapper.
	Entry *rules.RetryHelper
	// Wrapper is the inferred-wrapper fact, nil for a known helper.
	Wrapper *RetryWrapper
	// Callback is the argument that is retried.
	Callback ast.Expr
	// Settings are the options and configuration the call receives, found by
	// following its arguments through calls, variables, struct literals and field
	// assignments of the same function.
	Settings []Setting

	policy *Policy // see Policy()
}

// Setting is one piece of a helper's configuration.
type Setting struct {
	// Name is a function's full name ("github.com/avast/retry-go/v4.Attempts"), a
	// struct field as "(pkg/path.Type).Field", a composite literal of a named type
	// as "pkg/path.Type{}", or a package-level variable as "pkg/path.Name".
	Name string
	// Node is the call, composite literal, composite-literal element, assignment or
	// variable reference it comes from.
	Node ast.Node
	// Args are the call's arguments, or the field's value (one element).
	Args []Value
}

// Value is an expression with its constant value when the engine could work it out.
type Value struct {
	Expr  ast.Expr
	Const constant.Value // nil when not constant
}

// Int returns the value as an int64 and whether it is a known integer constant.
func (v Value) Int() (int64, bool) {
	if v.Const == nil {
		return 0, false
	}
	c := constant.ToInt(v.Const)
	if c.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c)
}

// Float returns the value as a float64 and whether it is a known numeric constant.
func (v Value) Float() (float64, bool) {
	if v.Const == nil {
		return 0, false
	}
	c := constant.ToFloat(v.Const)
	if c.Kind() != constant.Float {
		return 0, false
	}
	f, _ := constant.Float64Val(c)
	return f, true
}

// Settings returns the settings of a helper call with the given name.
func (h *HelperCall) Setting(name string) []Setting {
	var out []Setting
	for _, s := range h.Settings {
		if s.Name == name {
			out = append(out, s)
		}
	}
	return out
}

// InnerRetry is a call inside a region's attempt that retries on its own.
type InnerRetry struct {
	Call *ast.CallExpr
	Func *types.Func
	// Why names the inner layer ("retries (fact)", "go-retryablehttp client", ...).
	Why string
	// Attempts is the inner layer's attempt count when known, else 0.
	Attempts int
	// Endless says the inner layer has no attempt limit and no deadline
	// (Region.Endless): it returns only success or a give-up verdict.
	Endless bool
	// Tries is the inner layer's ceiling on its attempts and waits when the
	// code shows both, else the zero Tries.
	Tries Tries
	// unretried names the error values the inner layer returns without
	// retrying them (Retries.Unretried).
	unretried []string
	// retried are the errors the inner layer retries (nil: any).
	retried *rules.RetriedErrors
	// layer is the declared function whose own retry this is (Layer).
	layer *types.Func
}

// TxCallback is a function run inside a database transaction by a helper.
type TxCallback struct {
	// Call is the helper call (crdb.ExecuteTx, gorm Transaction, ...).
	Call   *ast.CallExpr
	Helper *types.Func
	// Retries is true when the helper runs the callback again on a retryable error.
	Retries bool
	// Callback is the function argument; Body its body when in this package.
	Callback ast.Expr
	Body     *ast.BlockStmt
	// Func is the *ast.FuncLit or *ast.FuncDecl of the callback, or nil.
	Func ast.Node
	// TxParam is the callback's transaction parameter, or nil.
	TxParam *types.Var
}

// Handler is a function that calls a checkpoint API.
type Handler struct {
	// Func is the *ast.FuncDecl or *ast.FuncLit.
	Func        ast.Node
	Body        *ast.BlockStmt
	Checkpoints []*ast.CallExpr
}

// SiteKind names the kind of place the checklist asks about.
type SiteKind string

const (
	SiteRetry       SiteKind = "retry"
	SiteHTTPClient  SiteKind = "http-client"
	SiteExternal    SiteKind = "external-call"
	SiteTxCallback  SiteKind = "tx-callback"
	SiteHandler     SiteKind = "handler"
	SiteUnsafeWrite SiteKind = "idempotent-request"
)

// Site is one place of interest for the checklist.
type Site struct {
	Kind SiteKind
	Pos  token.Pos
	End  token.Pos
	// Detail says what is there, e.g. "(*net/http.Client).Do" or "crdb.ExecuteTx".
	Detail string
}

// Bool returns the value as a bool and whether it is a known boolean constant.
func (v Value) Bool() (bool, bool) {
	if v.Const == nil || v.Const.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(v.Const), true
}
