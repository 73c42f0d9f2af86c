package retryscope

// Quick reports whether the tries are few and quick: the bar a loop's rounds
// and waits meet in Result.FewQuickTries, for tries a configuration states
// (a client's retry options, Policy.Tries).
func (t Tries) Quick() bool { return t.within(fewTries, quickTotal) }
