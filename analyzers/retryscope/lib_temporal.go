package retryscope

import (
	"go/ast"
	"slices"
)

// go.temporal.io/sdk: the Temporal server retries an activity, a local
// activity, a child workflow or a workflow after a failure, by the RetryPolicy
// of the options its context (or ExecuteWorkflow's options) carries. The
// public option types are aliases of go.temporal.io/sdk/internal's, which is
// how go/types names them.
//
// Jitter: the server waits InitialInterval * BackoffCoefficient^(n-1), capped
// at MaximumInterval, with no random part, and RetryPolicy has no setting
// that adds one. The policy says so (Jitter no) without a setting to report,
// so nojitter, which reports a setting, stays quiet about Temporal's growing
// waits: "add jitter" is advice no one can follow through the policy. A
// constant wait (BackoffCoefficient: 1) is reported by fixedsleep, at the
// coefficient, which can be raised.
//
// An activity named by a string (ExecuteActivity(ctx, "OrderOrange")) is the
// one registered under that name, by default a function's or a method's own
// name: its code is the function or methods of that name in the package when
// there are any (namesCallbacks); a name found nowhere (a dynamic activity, one
// registered under another name) stays out of reach.
func init() {
	register(&library{read: (*policyReader).temporal, failsInCallee: true, scheduled: true, namesCallbacks: true, hints: temporalHints}, "temporal")
}

const temporalInternal = "go.temporal.io/sdk/internal"

// temporalCall is what one Execute* call reads its retrying from.
type temporalCall struct {
	options string // the options type of internal
	// retriesByDefault: activities retry without a RetryPolicy, workflows do not.
	retriesByDefault bool
	// timeLimit is the options field that bounds all attempts together.
	timeLimit string
	// timeSetter is the workflow function that sets timeLimit on a context.
	timeSetter string
}

// temporalCalls maps the Execute* helpers (rules.yaml, family temporal) by name.
var temporalCalls = map[string]temporalCall{
	"ExecuteActivity":      {"ActivityOptions", true, "ScheduleToCloseTimeout", "WithScheduleToCloseTimeout"},
	"ExecuteLocalActivity": {"LocalActivityOptions", true, "", ""},
	"ExecuteChildWorkflow": {"ChildWorkflowOptions", false, "WorkflowExecutionTimeout", ""},
	"ExecuteWorkflow":      {"StartWorkflowOptions", false, "WorkflowExecutionTimeout", ""},
}

func temporalHints(h *HelperCall, _ ast.Node) Hints {
	bound := "set RetryPolicy.MaximumAttempts or a ScheduleToCloseTimeout (an activity's default policy retries forever)"
	if c := temporalCalls[h.Func.Name()]; c.timeLimit == "WorkflowExecutionTimeout" {
		bound = "set RetryPolicy.MaximumAttempts or a WorkflowExecutionTimeout"
	}
	return Hints{
		Backoff:  "set BackoffCoefficient above 1 (Temporal's default is 2.0)",
		Bound:    bound,
		Classify: "list the errors that cannot succeed in RetryPolicy.NonRetryableErrorTypes, or return temporal.NewNonRetryableApplicationError for them",
	}
}

// temporal reads the options of one Execute* call: exactly one options literal
// of its type must reach the call, or nothing is claimed (options built
// elsewhere, or two literals on the same context variable).
func (r *policyReader) temporal() {
	c, ok := temporalCalls[r.h.Func.Name()]
	if !ok {
		return
	}
	opts := r.lit(temporalInternal, c.options)
	switch {
	case len(opts) != 1 && !c.retriesByDefault:
		// A workflow is not retried unless its options say so, and which
		// options apply is not known here: no retry is claimed.
		r.once(r.h.Call)
		return
	case len(opts) != 1:
		return
	}
	scope := opts[0].Node
	rps := r.ownRetryPolicies(c.options)
	policySet := len(r.fieldsIn(scope, c.options, "RetryPolicy")) > 0 || len(r.fn("go.temporal.io/sdk/workflow", "WithRetryPolicy")) > 0
	switch {
	case len(rps) > 1, len(rps) == 0 && policySet:
		return // which policy applies is not known here
	case len(rps) == 0 && !c.retriesByDefault:
		r.once(r.h.Call)
		return
	}
	r.shape(ShapeExponential, nil)
	r.jitter(TriNo, nil)
	if c.options == "LocalActivityOptions" {
		// ScheduleToCloseTimeout defaults to StartToCloseTimeout, one of which
		// the SDK requires: every local activity has a time limit.
		r.defaults(0, true)
	} else {
		r.temporalTimeLimit(scope, c)
	}
	if len(rps) == 0 {
		r.forever(scope) // the server's default policy: unlimited attempts
		return
	}
	r.temporalPolicy(rps[0].Node)
}

// ownRetryPolicies returns the RetryPolicy literals that reach the call, but
// not those inside options of another type (a child workflow's options set on
// the same context).
func (r *policyReader) ownRetryPolicies(own string) []Setting {
	var others []ast.Node
	for _, c := range temporalCalls {
		if c.options != own {
			for _, s := range r.lit(temporalInternal, c.options) {
				others = append(others, s.Node)
			}
		}
	}
	return slices.DeleteFunc(r.lit(temporalInternal, "RetryPolicy"), func(s Setting) bool {
		return slices.ContainsFunc(others, func(o ast.Node) bool { return within(o, s.Node) })
	})
}

// temporalPolicy reads a RetryPolicy literal: MaximumAttempts (0 or unset:
// unlimited, 1: no retry) and BackoffCoefficient (1: a constant wait).
func (r *policyReader) temporalPolicy(rp ast.Node) {
	coef := r.fieldsIn(rp, "RetryPolicy", "BackoffCoefficient")
	if f, ok := floats(coef, 0); ok && f <= 1 {
		r.shape(ShapeConstant, coef[0].Node)
		r.jitter(TriNo, coef[0].Node)
	}
	att := r.fieldsIn(rp, "RetryPolicy", "MaximumAttempts")
	switch n, ok := ints(att, 0); {
	case len(att) == 0:
		r.forever(rp)
	case ok && n == 1:
		r.once(att[0].Node)
	case ok && n <= 0:
		r.forever(att[0].Node)
	case ok:
		r.limit(att[0].Node, n)
	default:
		r.limit(att[0].Node, 0)
	}
}

// temporalTimeLimit reads the timeout that bounds all attempts together; a
// constant 0 is no limit.
func (r *policyReader) temporalTimeLimit(scope ast.Node, c temporalCall) {
	limits := r.fieldsIn(scope, c.options, c.timeLimit)
	if c.timeSetter != "" {
		limits = append(limits, r.fn("go.temporal.io/sdk/workflow", c.timeSetter)...)
	}
	for _, s := range limits {
		arg := len(s.Args) - 1 // the field's value, or the setter's duration
		if arg < 0 {
			continue
		}
		if d, ok := s.Args[arg].Int(); !ok || d > 0 {
			r.timeLimit(s.Node)
			return
		}
	}
}

// fieldsIn returns the settings of a field of an internal type that are set
// inside the literal scope, or by an assignment (v.Field = x).
func (r *policyReader) fieldsIn(scope ast.Node, typ, f string) []Setting {
	return slices.DeleteFunc(r.field(temporalInternal, typ, f), func(s Setting) bool {
		_, assigned := s.Node.(*ast.AssignStmt)
		return !assigned && !within(scope, s.Node)
	})
}
