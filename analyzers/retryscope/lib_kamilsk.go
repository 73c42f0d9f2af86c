package retryscope

// github.com/kamilsk/retry v4 and v5, a rework of Rican7/retry:
// retry.Do(breaker, action, strategies...) (v5; Go runs it in a goroutine)
// and retry.Retry/Try/TryContext(breaker, action, strategies...) (v4) run the
// action while every strategy allows another attempt, and return when the
// breaker (a context, or a kamilsk/breaker) is done. The strategies are
// Rican7's (Limit, Delay, Wait, Backoff, BackoffWithJitter), but each one is
// given the last error too: strategy.CheckError (v4) and exp.CheckError (v5)
// classify, and a strategy of the code's own may.
func init() {
	register(&library{read: (*policyReader).kamilsk, hints: fixedHints(Hints{
		Backoff:  "use strategy.BackoffWithJitter(backoff.Exponential(d, 2), jitter.Full(nil))",
		Jitter:   "use strategy.BackoffWithJitter with a jitter transformation (jitter.Full(nil)) instead of strategy.Backoff",
		Bound:    "add strategy.Limit(n), or give the call a context with a deadline",
		Classify: "add a strategy that stops on errors that cannot succeed (v4 strategy.CheckError, v5 exp.CheckError)",
	})}, "kamilsk-retry")
}

// kamilsk reads the breaker and the strategies.
func (r *policyReader) kamilsk() {
	if breaker := r.arg(0); IsContext(r.info.TypeOf(breaker)) {
		r.watch(breaker)
	} else if breaker != nil {
		r.timeLimit(breaker) // a breaker of kamilsk/breaker: a timeout or a signal, not read here
	}
	strategyPkg, expPkg := r.pkg+"/strategy", r.pkg+"/exp"
	args, ok := r.strategyArgs(2)
	if !ok {
		r.p.Classifier = r.h.Call // strategies out of reach: they see every error and may stop on it
		return
	}
	if own := foreignStrategy(r, args, strategyPkg, expPkg); own != nil {
		r.p.Classifier = own // a strategy of the code's own is given each error
		return
	}
	r.strategies(strategyPkg, r.pkg+"/backoff")
}
