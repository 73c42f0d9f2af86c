package retryscope

import "fmt"

// RetryWrapper marks a function that calls one of its func-typed parameters inside a
// retry region: its callers' closures are retry callbacks, as with a known helper.
type RetryWrapper struct {
	// Param is the index of the retried parameter.
	Param int
	// Attempts is the wrapper's attempt count when constant, else 0.
	Attempts int
	// Tries is the wrapper's ceiling on its attempts and waits when its code
	// shows both (Result.TriesOf), else the zero Tries.
	Tries Tries
	// Classifies is true when the wrapper tells errors apart itself.
	Classifies bool
	// Endless says the wrapper's own loop has no attempt limit and no
	// deadline (Region.Endless): a call of it is one unless the callback
	// it is handed counts.
	Endless bool
	// Forwards is true when the wrapper's loop attempts only its func
	// parameters: the callers' operations are judged at the calls (forward.go).
	// Unbounded says the loop has no limit of its own, beyond the context
	// parameter CtxParam-1 when CtxParam > 0, or the close of the channel
	// parameter StopParam-1 when StopParam > 0.
	Forwards, Unbounded bool
	CtxParam, StopParam int
	// OwnerStopped says the forwarding wrapper's loop retries for as long
	// as its owner lives (Region.StoppedByOwner): so do its calls.
	OwnerStopped bool
	// WaitParam is 1 + the index of the duration parameter that a forwarding
	// wrapper waits, unchanged, between attempts (each caller picks the wait),
	// or 0.
	WaitParam int
	// ClassifyParam is 1 + the index of the func parameter the wrapper hands,
	// unchanged, to its library's classification option ClassifyOption
	// (retry.RetryIf(retryIf)), or 0: each caller's argument there is its
	// classification (wrapper_classify.go).
	ClassifyParam  int
	ClassifyOption string
	// PolicyParam is 1 + the index of the parameter the wrapper hands,
	// unchanged and untouched, as the pace value of a library helper of
	// family PolicyFamily (package PolicyPkg), or 0: each caller's argument
	// there is read as that helper's settings (wrapper_policy.go).
	PolicyParam             int
	PolicyFamily, PolicyPkg string
	// Verdict is true for a verdict wrapper (verdict.go): the callback returns
	// (bool, error) and the loop goes round while the bool is AgainWhen.
	Verdict, AgainWhen bool
	// SleepParam is, for a verdict wrapper that takes no context, 1 + the
	// index of the duration parameter its loop sleeps with nothing but the
	// timer to end the sleep (verdict_sleep.go), or 0: a caller's
	// cancellation waits out every round.
	SleepParam int
	// StopType names (types.TypeString) the one error type a forwarding
	// wrapper's loop stops early on, tested with errors.As and nothing else
	// classifying, or "": a caller whose callback never returns that type
	// has every error retried (wrapper_stoptype.go).
	StopType string
	// BudgetParam is 1 + the index of the parameter the wrapper's attempt
	// limit is read from (wrapper_budget.go), or 0: each caller picks it.
	// BudgetExtra > 0 says a loop wrapper makes at most the argument there
	// plus BudgetExtra - 1 attempts (Result.CallerTries).
	BudgetParam, BudgetExtra int
	// BudgetDeclared says the wrapper's own attempt limit is a field it reads
	// and does not fix (BoundDeclaredElsewhere of its retry): every call
	// retries as often as the wrapper's user configured.
	BudgetDeclared bool
	Origin
}

func (*RetryWrapper) AFact() {}

func (f *RetryWrapper) String() string {
	return fmt.Sprintf("retries param %d", f.Param)
}

// Retries marks a function that retries something itself (a retry loop, a helper
// call or a self-retrying client): calling it from another retry multiplies attempts.
type Retries struct {
	// Attempts is the attempt count when constant, else 0.
	Attempts int
	// Tries is the retry's ceiling on its attempts and waits when its code
	// shows both (Result.TriesOf), else the zero Tries.
	Tries Tries
	// Via names what retries ("retry loop", "github.com/avast/retry-go/v4.Do", ...).
	Via string
	// Endless says every retry of the function is Region.Endless.
	Endless bool
	// Unretried names the package-level error values its one retry loop
	// returns at once, without retrying them (unretriedSentinels).
	Unretried []string
	Origin
}

func (*Retries) AFact() {}

func (f *Retries) String() string {
	return fmt.Sprintf("retries via %s (attempts %d)", f.Via, f.Attempts)
}

// TxWrapper marks a function that runs one of its func-typed parameters inside a
// database transaction.
type TxWrapper struct {
	Param   int
	Retries bool
	Origin
}

func (*TxWrapper) AFact() {}

func (f *TxWrapper) String() string {
	return fmt.Sprintf("runs param %d in a transaction (retries %v)", f.Param, f.Retries)
}

// Origin says where a fact was inferred. A fact inferred outside the analysed
// code — in the standard library or in a module from the module cache (one with
// a version) — holds inside its own package only: other packages never see it.
// The knowledge base describes those libraries instead, and the drivers need not
// analyse them at all (export data standalone, no fact-only units under go vet),
// which is most of the cost of facts. Every driver then finds the same.
type Origin struct {
	External bool
}

func (o *Origin) origin() *Origin { return o }

type originated interface{ origin() *Origin }
