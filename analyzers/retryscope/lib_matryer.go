package retryscope

// github.com/matryer/try: try.Do(func(attempt int) (retry bool, err error))
// calls the function again while it returns true and an error, up to
// try.MaxRetries attempts (10 unless the program sets it). It does not wait:
// the function sleeps itself if it wants a wait, so the wait is unknown.
func init() {
	register(&library{read: (*policyReader).matryer, verdict: true, hints: fixedHints(Hints{
		Classify: "return retry false for errors that cannot succeed (check errors.Is/As or the status)",
	})}, "matryer-try")
}

// matryer records the default cap; try.MaxRetries is a package variable,
// set (if at all) far from the call.
func (r *policyReader) matryer() { r.defaults(10, false) }
