// Package rules parses and validates rules.yaml (the embedded default and user
// overrides) into a typed Knowledge value that every analyzer and the checklist read.
package rules

import "sync"

// Knowledge is the whole of rules.yaml after merging user files onto the default.
type Knowledge struct {
	Rules     []Rule          `yaml:"rules"`
	Knowledge Base            `yaml:"knowledge"`
	Checklist []ChecklistItem `yaml:"checklist"`

	// Source names the files merged to make this value, default first ("<embedded>").
	Source []string `yaml:"-"`

	matchers map[string]*Matcher
}

// Severity of a rule's findings.
type Severity string

const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

// Rule is one entry of the catalog.
type Rule struct {
	Name     string   `yaml:"name"`
	Severity Severity `yaml:"severity"`
	Title    string   `yaml:"title"`
	Summary  string   `yaml:"summary"`
	Sources  []string `yaml:"sources"`
	Enabled  *bool    `yaml:"enabled"`
	// Status is "available" for a rule that is implemented, "planned" otherwise.
	Status string `yaml:"status"`
	// Since is the retrylint version that introduced the rule.
	Since string `yaml:"since"`
	// Tests asks the rule to report in _test.go files too (default false).
	Tests *bool `yaml:"tests"`
}

// IsEnabled reports whether the rule runs (default true).
func (r Rule) IsEnabled() bool { return r.Enabled == nil || *r.Enabled }

// InTests reports whether the rule reports in _test.go files (default false).
func (r Rule) InTests() bool { return r.Tests != nil && *r.Tests }

// Base is the knowledge section: what the analyzers know about libraries.
// Functions are named as types.Func.FullName prints them; '*' in a name matches any
// run of characters (so "(*net/http.Client).*" is every method of http.Client).
type Base struct {
	RetryHelpers  []RetryHelper  `yaml:"retry_helpers"`
	BackoffCalls  []BackoffCall  `yaml:"backoff_calls"`
	Classifiers   []string       `yaml:"classifiers"`
	TxHelpers     []TxHelper     `yaml:"transaction_helpers"`
	SelfRetrying  []SelfRetrying `yaml:"self_retrying_clients"`
	ExternalCalls []string       `yaml:"external_calls"`
	// LocalCalls stay in the process although their package reaches the
	// network (an SDK's logger and context accessors).
	LocalCalls       []string `yaml:"local_calls"`
	Nondeterministic []string `yaml:"nondeterministic_calls"`
	Checkpoints      []string `yaml:"checkpoint_calls"`
	// CumulativeCheckpoints are checkpoints that also acknowledge every earlier
	// record of the partition (Kafka offsets): skipping a failed record and
	// checkpointing the next one loses it.
	CumulativeCheckpoints []string    `yaml:"cumulative_checkpoints"`
	DeadLetter            DeadLetter  `yaml:"dead_letter"`
	IdempotencyHeaders    []string    `yaml:"idempotency_headers"`
	BudgetLibraries       []string    `yaml:"budget_libraries"`
	HTTPTimeout           HTTPTimeout `yaml:"http_timeout"`
	GRPC                  GRPC        `yaml:"grpc"`

	// TokenURLFields are URL fields, named (pkg/path.Type).Field, that hold
	// an OAuth 2.0 token endpoint: a POST to their value is a token request
	// (idempotencykey).
	TokenURLFields []string `yaml:"token_url_fields"`
}

// RetryHelper is a library function that calls a callback until it succeeds.
type RetryHelper struct {
	Func string `yaml:"func"`
	// Callback is the index of the argument that is retried.
	Callback int `yaml:"callback"`
	// Family selects the option semantics the engine applies to the call:
	// backoff-v4, backoff-v5, retry-go, go-retry, failsafe, k8s-retry, k8s-wait, crdb.
	Family string `yaml:"family"`
	// ContextAware is true when the helper's waits stop on ctx.Done().
	ContextAware bool `yaml:"context_aware"`
	// Classifies is true when the helper retries only errors it knows are transient.
	Classifies bool `yaml:"classifies"`
	// Predicate, when set, is the index of the argument (a func(error) bool)
	// that says which errors are retried (client-go's retry.OnError): the
	// helper classifies unless that predicate accepts every error.
	Predicate *int `yaml:"predicate"`
}

// PredicateArg returns the index of the helper's predicate argument, if it takes one.
func (h *RetryHelper) PredicateArg() (int, bool) {
	if h == nil || h.Predicate == nil {
		return 0, false
	}
	return *h.Predicate, true
}

// ChoosesErrors reports whether the helper retries only some errors: by
// itself, or by a predicate it is given.
func (h *RetryHelper) ChoosesErrors() bool {
	_, pred := h.PredicateArg()
	return h != nil && (h.Classifies || pred)
}

// BackoffCall is a library call that a hand-written retry loop uses for its
// wait: it returns the next delay (jpillora/backoff's Duration) or waits for
// it (lestrrat-go/backoff's Continue). Family says how the engine reads the
// configuration of the backoff value it is called on or with, as for a retry
// helper.
type BackoffCall struct {
	Func   string `yaml:"func"`
	Family string `yaml:"family"`
	// Waits is true when the call itself blocks until the next attempt may start.
	Waits bool `yaml:"waits"`
}

// TxHelper is a function that runs a callback inside a database transaction.
type TxHelper struct {
	Func     string `yaml:"func"`
	Callback int    `yaml:"callback"`
	Retries  bool   `yaml:"retries"`
}

// SelfRetrying names calls that retry on their own, and how many attempts they make.
type SelfRetrying struct {
	// Func is a call (usually a method pattern) that retries internally.
	Func string `yaml:"func"`
	// Attempts is the default number of attempts (0 when unknown).
	Attempts int `yaml:"attempts"`
	// AttemptsField is the field of the receiver's type that sets the retry count,
	// used to notice clients whose retries are turned off (e.g. RetryMax: 0).
	AttemptsField string `yaml:"attempts_field"`
	// FieldCounts says what AttemptsField counts: "retries" (attempts = value+1) or
	// "attempts".
	FieldCounts string `yaml:"field_counts"`
	Name        string `yaml:"name"`
	// Family selects how the engine reads the client's retry settings where an
	// attempts field is not enough (options passed to a constructor, functional
	// options, a retryer value): go-redis, franz-go, aws-sdk-go-v2,
	// go-retryablehttp. Empty: only AttemptsField is read.
	Family string `yaml:"family"`
	// ClientArg is the index of the argument that holds the client, when the
	// call is made on something else (franz-go's req.RequestWith(ctx, client));
	// nil: the receiver is the client. Such a call counts only when the
	// argument is a client of the same family (a type with a method the
	// family lists), not an interface that any code may implement.
	ClientArg *int `yaml:"client_arg"`
	// RetriedErrors says which errors the client retries, when its
	// documentation or code says so; nil: any error may be retried.
	RetriedErrors *RetriedErrors `yaml:"retried_errors"`
}

// RetriedErrors are the error classes a self-retrying client retries. An outer
// retry that goes round only on other errors does not multiply its attempts.
// Errors the lists cannot name (connection errors, timeouts, types outside
// APIErrors) count as retried.
type RetriedErrors struct {
	// StatusCodes are the HTTP status codes of the responses it may retry.
	StatusCodes []int `yaml:"status_codes"`
	// ErrorCodes are the API error codes it retries; a type of APIErrors is
	// retried when its name is one of them.
	ErrorCodes []string `yaml:"error_codes"`
	// APIErrors are the client's modeled error types (package path.Type,
	// '*' globs), each identified by its name as an error code.
	APIErrors []string `yaml:"api_errors"`
}

// IsAPIError reports whether a type (package path.Name) is one of the
// client's modeled errors.
func (r *RetriedErrors) IsAPIError(typeName string) bool {
	m, ok := apiErrorMatchers.Load(r)
	if !ok {
		m, _ = apiErrorMatchers.LoadOrStore(r, NewMatcher(r.APIErrors))
	}
	return m.(*Matcher).Match(typeName)
}

// apiErrorMatchers holds each RetriedErrors' compiled APIErrors: the
// question is asked for every error test on the ways back to an attempt, and
// a knowledge base lives as long as the process.
var apiErrorMatchers sync.Map // *RetriedErrors -> *Matcher

// DeadLetter says how a dead-letter write is recognised.
type DeadLetter struct {
	// Pattern is a regexp matched against topic/subject arguments, receivers and
	// variable names of produce/publish calls.
	Pattern string `yaml:"pattern"`
	// Produce names the produce/publish calls that can write a dead letter.
	Produce []string `yaml:"produce"`
	// Async names produce calls whose error arrives later (delivery reports).
	Async []string `yaml:"async"`
	// Funcs are user functions that write a dead letter, whatever their arguments.
	Funcs []string `yaml:"funcs"`
}

// HTTPTimeout configures the httptimeout rule.
type HTTPTimeout struct {
	// ExemptPackages are package import paths (globs) where clients may go without Timeout.
	ExemptPackages []string `yaml:"exempt_packages"`
	// ExemptConstructors are functions whose clients are streaming clients by design.
	ExemptConstructors []string `yaml:"exempt_constructors"`
	// BoundingFields are client fields of a library's configuration, named
	// (pkg/path.Type).Field, whose library puts a deadline on every request
	// it sends with the client stored there.
	BoundingFields []string `yaml:"bounding_fields"`
	// ContextFreeFields are client fields of a library's types, named
	// (pkg/path.Type).Field, whose library sends with the client stored
	// there requests built without a context (http.NewRequest): nothing a
	// caller passes bounds them.
	ContextFreeFields []string `yaml:"context_free_fields"`
	// ContextClientSenders are library functions that send with the
	// http.Client their context carries (golang.org/x/oauth2's HTTPClient
	// key), or with http.DefaultClient when it carries none.
	ContextClientSenders []string `yaml:"context_client_senders"`
}

// ChecklistItem is one question of the merge-review checklist.
type ChecklistItem struct {
	ID       string `yaml:"id"`
	Question string `yaml:"question"`
	// VerifiedBy lists the rules whose findings fail the item.
	VerifiedBy []string `yaml:"verified_by"`
	// AppliesTo lists site kinds that make the item relevant:
	// retry, http-client, external-call, tx-callback, handler, idempotent-request.
	AppliesTo []string `yaml:"applies_to"`
	// Decision is how the item is decided: "auto" (pass/fail by rules),
	// "partial" (evidence shown, a human decides), "manual".
	Decision string   `yaml:"decision"`
	Sources  []string `yaml:"sources"`
}
