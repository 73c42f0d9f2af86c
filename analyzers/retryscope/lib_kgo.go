package retryscope

// franz-go (github.com/twmb/franz-go/pkg/kgo), modelled on its documented
// options only: requests are tried up to kgo.RequestRetries times (20 by
// default) within kgo.RetryTimeout; produced records are retried without a
// limit unless kgo.RecordRetries or kgo.RecordDeliveryTimeout sets one; the
// wait is a jittered exponential backoff unless kgo.RetryBackoffFn replaces it.
func init() {
	registerClient(&library{
		read:        (*policyReader).franzGo,
		understands: []string{AspectInnerRetries, AspectAttempts, AspectGrowth, AspectJitter},
	}, "franz-go")
}

const kgoRequestTries = 20

func (r *policyReader) franzGo() {
	r.shape(ShapeExponential, nil)
	r.jitter(TriYes, nil)
	if fn := r.fn(r.pkg, "RetryBackoffFn"); len(fn) > 0 {
		r.shape(ShapeUnknown, fn[0].Node) // a backoff of the code's own
		r.jitter(TriUnknown, fn[0].Node)
	}
	switch r.h.Func.Name() {
	case "ProduceSync":
		r.produceTries()
	default: // Request, commits
		if t := append(r.fn(r.pkg, "RetryTimeout"), r.fn(r.pkg, "RetryTimeoutFn")...); len(t) > 0 {
			r.timeLimit(t[0].Node)
		}
		tries := r.fn(r.pkg, "RequestRetries")
		if len(tries) == 0 {
			r.defaults(kgoRequestTries, false)
			return
		}
		r.tries(tries, 0, false)
	}
}

// produceTries: records are retried until RecordRetries tries or the
// RecordDeliveryTimeout; neither set, without a limit.
func (r *policyReader) produceTries() {
	if t := r.fn(r.pkg, "RecordDeliveryTimeout"); len(t) > 0 {
		if d, ok := ints(t, 0); !ok || d > 0 {
			r.timeLimit(t[0].Node)
		}
	}
	tries := r.fn(r.pkg, "RecordRetries")
	if len(tries) == 0 {
		r.forever(r.h.Call)
		return
	}
	r.tries(tries, 0, false)
}
