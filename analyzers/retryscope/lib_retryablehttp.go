package retryscope

// github.com/hashicorp/go-retryablehttp: a Client retries RetryMax times (4
// from NewClient; a Client literal leaves it at 0, no retries), waiting as
// its Backoff says: DefaultBackoff doubles RetryWaitMin up to RetryWaitMax
// without jitter (and honours Retry-After on 429 and 503), LinearJitterBackoff
// and RateLimitLinearJitterBackoff add jitter to a linear wait.
func init() {
	registerClient(&library{
		read: (*policyReader).retryableHTTP,
		hints: fixedHints(Hints{
			Jitter: "DefaultBackoff doubles the wait without a random part; use retryablehttp.LinearJitterBackoff or a Backoff of your own that adds jitter",
		}),
		understands: []string{AspectInnerRetries, AspectAttempts, AspectGrowth, AspectJitter},
	}, "go-retryablehttp")
}

const retryableHTTPDefault = 5 // 4 retries

func (r *policyReader) retryableHTTP() {
	r.retryableHTTPBackoff()
	if rm := r.field(r.pkg, "Client", "RetryMax"); len(rm) > 0 {
		r.tries(rm, 0, true)
		return
	}
	if lits := r.lit(r.pkg, "Client"); len(lits) > 0 && len(r.fn(r.pkg, "NewClient")) == 0 {
		r.limit(lits[0].Node, 1) // RetryMax left at 0
		return
	}
	r.defaults(retryableHTTPDefault, false)
}

func (r *policyReader) retryableHTTPBackoff() {
	r.shape(ShapeExponential, nil)
	r.jitter(TriNo, nil)
	bs := r.field(r.pkg, "Client", "Backoff")
	if len(bs) == 0 {
		return
	}
	fn := r.funcValue(bs[0])
	switch {
	case len(bs) > 1 || fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != r.pkg:
		r.shape(ShapeUnknown, bs[0].Node)
		r.jitter(TriUnknown, bs[0].Node)
	case fn.Name() == "DefaultBackoff":
		r.shape(ShapeExponential, bs[0].Node)
		r.jitter(TriNo, bs[0].Node)
	case fn.Name() == "LinearJitterBackoff", fn.Name() == "RateLimitLinearJitterBackoff":
		r.shape(ShapeUnknown, bs[0].Node) // linear, which no Shape names
		r.jitter(TriYes, bs[0].Node)
	default:
		r.shape(ShapeUnknown, bs[0].Node)
		r.jitter(TriUnknown, bs[0].Node)
	}
}
