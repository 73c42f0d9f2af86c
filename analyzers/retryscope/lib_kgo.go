package retryscope

// franz-go (github.com/twmb/franz-go/pkg/kgo), modelled on its documented
// options only: requests are tried up to kgo.RequestRetries times (20 by
// default) within kgo.RetryTimeout; produced records are retried without a
// limit unless kgo.RecordRetries or kgo.RecordDeliveryTimeout sets one; the
// wait is a jittered exponential backoff unless kgo.RetryBackoffFn replaces it.
func init() {
	registerClient(&library{
		read:        (*policyReader).franzGo,
		modules:     []string{kgoPkg}, // kmsg requests are configured on the kgo client
		understands: []string{AspectInnerRetries, AspectAttempts, AspectGrowth, AspectJitter},
	}, "franz-go")
}

const (
	kgoRequestTries = 20
	kgoPkg          = "github.com/twmb/franz-go/pkg/kgo"
)

func (r *policyReader) franzGo() {
	r.shape(ShapeExponential, nil)
	r.jitter(TriYes, nil)
	if fn := r.fn(kgoPkg, "RetryBackoffFn"); len(fn) > 0 {
		r.shape(ShapeUnknown, fn[0].Node) // a backoff of the code's own
		r.jitter(TriUnknown, fn[0].Node)
	}
	switch r.h.Func.Name() {
	case "ProduceSync":
		r.produceTries()
	default: // Request, commits
		if t := append(r.fn(kgoPkg, "RetryTimeout"), r.fn(kgoPkg, "RetryTimeoutFn")...); len(t) > 0 {
			r.timeLimit(t[0].Node)
		}
		tries := r.fn(kgoPkg, "RequestRetries")
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
	if t := r.fn(kgoPkg, "RecordDeliveryTimeout"); len(t) > 0 {
		if d, ok := ints(t, 0); !ok || d > 0 {
			r.timeLimit(t[0].Node)
		}
	}
	tries := r.fn(kgoPkg, "RecordRetries")
	if len(tries) == 0 {
		r.forever(r.h.Call)
		return
	}
	r.tries(tries, 0, false)
}
