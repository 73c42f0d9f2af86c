package retryscope

// go-redis (github.com/redis/go-redis/v9, github.com/go-redis/redis/v8): every
// command retries network errors and a few server answers (LOADING,
// TRYAGAIN, ...) MaxRetries times (3 by default, -1 turns the retries off)
// with a random wait that doubles between MinRetryBackoff and MaxRetryBackoff
// (-1 turns the wait off). A cluster client retries through MaxRedirects
// instead (3 by default, -1 off); its nodes do not retry.
func init() {
	registerClient(&library{
		read:        (*policyReader).goRedis,
		understands: []string{AspectInnerRetries, AspectAttempts, AspectGrowth, AspectJitter},
	}, "go-redis")
}

const redisDefaultAttempts = 4 // 3 retries

// The option types whose MaxRetries a client reads, and those whose
// MaxRedirects a cluster client reads.
var (
	redisRetryOptions    = []string{"Options", "FailoverOptions", "RingOptions", "UniversalOptions"}
	redisRedirectOptions = []string{"ClusterOptions", "UniversalOptions"}
)

func (r *policyReader) goRedis() {
	var counts []Setting
	switch r.receiverType() {
	case "Client", "Conn", "Ring", "SentinelClient":
		counts = r.redisFields("MaxRetries", redisRetryOptions)
	case "ClusterClient":
		counts = r.redisFields("MaxRedirects", redisRedirectOptions)
	case "UniversalClient": // a single node, a failover or a cluster client
		counts = append(r.redisFields("MaxRetries", redisRetryOptions), r.redisFields("MaxRedirects", redisRedirectOptions)...)
	default: // a pipeline queues; Cmdable may be a pipeline too
		r.limit(r.h.Call, 0)
		return
	}
	switch r.h.Func.Name() {
	case "Pipeline", "TxPipeline", "Options", "Close", "PoolStats":
		r.limit(r.h.Call, 1) // no request, or none to retry
		return
	}
	r.redisBackoff()
	n, ok := ints(counts, 0)
	switch {
	case len(counts) == 0 || (ok && n == 0):
		r.defaults(redisDefaultAttempts, false)
	default:
		r.tries(counts, 0, true)
	}
}

// redisFields returns the settings of a field of the given option types.
func (r *policyReader) redisFields(field string, types []string) []Setting {
	var out []Setting
	for _, t := range types {
		out = append(out, r.field(r.pkg, t, field)...)
	}
	return out
}

// redisBackoff: a random wait between MinRetryBackoff and twice the last one,
// unless a bound of -1 turns the wait off.
func (r *policyReader) redisBackoff() {
	r.shape(ShapeExponential, nil)
	r.jitter(TriYes, nil)
	for _, f := range []string{"MinRetryBackoff", "MaxRetryBackoff"} {
		bs := r.redisFields(f, append(redisRetryOptions, "ClusterOptions"))
		if n, ok := ints(bs, 0); ok && n < 0 {
			r.shape(ShapeNone, bs[0].Node)
			r.jitter(TriNo, bs[0].Node)
		}
	}
}
