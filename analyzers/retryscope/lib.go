package retryscope

import (
	"go/ast"
	"slices"
)

// A library is what retrylint knows about one family of retry helpers (the
// family of a knowledge-base entry, rules.yaml): how to read a call's options,
// what the library does with errors, and what to advise, in its own terms. Each
// family has its own file (lib_backoff.go, lib_retrygo.go, lib_goretry.go,
// lib_k8s.go, lib_crdb.go, lib_failsafe.go, lib_temporal.go, lib_rican7.go,
// lib_eapache.go, and for the backoff calls of hand-written loops
// lib_jpillora.go, lib_lestrrat.go); rules ask the registry through
// HelperCall.Policy, HelperCall.Hints and HelperCall.Scheduled, never by
// family name.
type library struct {
	// read interprets a call's settings into its Policy.
	read func(r *policyReader)
	// classifies says the helper retries only errors it recognises (k8s
	// RetryOnConflict, or OnError's predicate).
	classifies bool
	// stopsOnError says an error the callback returns stops the retrying,
	// unless it carries the library's retry marker (go-retry's RetryableError,
	// wait.ExponentialBackoff's condition).
	stopsOnError bool
	retryMarker  string
	// failsInCallee says the callee decides whether its error is retried (a
	// Temporal activity returns a non-retryable application error, a
	// lestrrat-go/backoff executer marks it permanent): when the
	// callback's body is out of reach, its classification is unknown, so the
	// region counts as classified rather than be claimed to retry every error.
	failsInCallee bool
	// scheduled says a server runs each attempt as a task of its own (Temporal):
	// the waits between attempts are the server's, and a sleep in the
	// callback is work of the attempt, not a wait between attempts.
	scheduled bool
	// verdict says the callback returns (bool, error) and the helper goes
	// round while the bool is true (matryer/try): whether a failure is retried
	// is the callback's answer, judged as a verdict wrapper's is.
	verdict bool
	// namesCallbacks says the callback may be a string naming a registered
	// function, registered by default under its own name (Temporal: a
	// function's or a method's name): the string names the functions and
	// methods of that name in the package.
	namesCallbacks bool
	// policyValue says the call's whole pace is one value argument (a k8s
	// wait.Backoff), read from that value's settings alone, whatever the
	// helper: a wrapper handing its parameter there hands on the pace.
	policyValue bool
	// hints advises on one call; at is the setting a rule reports, or nil.
	hints func(h *HelperCall, at ast.Node) Hints
	// understands says what read interprets, for `retrylint knowledge`
	// (Aspects); when empty, it is derived from the advice the library gives.
	understands []string
	// modules are the import-path prefixes of a client library's
	// configuration (constructors, option types, retryers): where a client
	// whose construction is out of view may have been configured.
	modules []string
}

// Hints are a library's advice for the rules' messages. An empty field means
// the generic advice (genericHints).
type Hints struct {
	// Context is how to make the helper's waits end with a context, a format
	// taking the context's name; empty when the helper cannot be given one or
	// takes it by itself.
	Context string
	// Backoff is how to wait longer after each failure, with jitter (fixedsleep).
	Backoff string
	// Jitter is how to add randomness to the wait (nojitter).
	Jitter string
	// Bound is how to cap the attempts or the time (unboundedretry).
	Bound string
	// Classify is how to stop retrying errors that cannot succeed (retryall).
	Classify string
}

// genericHints is the advice for helpers the registry has no library for.
var genericHints = Hints{
	Backoff:  "back off exponentially, with a cap and jitter",
	Jitter:   "add a random part to each wait",
	Bound:    "cap the attempts or the elapsed time",
	Classify: "classify errors before retrying them",
}

// libraries is the registry, by family; the lib_*.go files fill it.
var libraries = map[string]*library{}

// register adds a library under its families.
func register(l *library, families ...string) {
	for _, f := range families {
		libraries[f] = l
	}
}

// Families lists the families the registry knows, sorted.
func Families() []string {
	var out []string
	for f := range libraries {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

// library returns the helper's library, or nil (inferred wrappers, "generic"
// helpers).
func (h *HelperCall) library() *library {
	if h.Entry == nil {
		return nil
	}
	return libraries[h.Entry.Family]
}

// Scheduled reports whether the helper's server schedules each attempt
// itself (Temporal), so nothing in the callback waits between attempts.
func (h *HelperCall) Scheduled() bool {
	l := h.library()
	return l != nil && l.scheduled
}

// Hints returns the advice of the helper's library about the call; at is the
// node the rule reports (a setting, or the call), which picks the advice where
// it depends on the form of the setting.
func (h *HelperCall) Hints(at ast.Node) Hints {
	out := Hints{}
	l := h.library()
	if l == nil && h.Wrapper != nil && h.Wrapper.PolicyParam > 0 {
		l = libraries[h.Wrapper.PolicyFamily] // the pace's advice is its library's
	}
	if l != nil && l.hints != nil {
		out = l.hints(h, at)
	}
	orGeneric(&out.Backoff, genericHints.Backoff)
	orGeneric(&out.Jitter, genericHints.Jitter)
	orGeneric(&out.Bound, genericHints.Bound)
	orGeneric(&out.Classify, genericHints.Classify)
	return out
}

// fixedHints is a library's hints function when its advice does not depend on
// the call.
func fixedHints(hs Hints) func(*HelperCall, ast.Node) Hints {
	return func(*HelperCall, ast.Node) Hints { return hs }
}

// orGeneric sets an empty hint to the generic one.
func orGeneric(hint *string, generic string) {
	if *hint == "" {
		*hint = generic
	}
}
