package retryscope

// FewTries reports whether a region gives up after a few tries that are over
// within fewTotal of waiting (at most fewTries attempts, e.g. 5 tries with 1 s
// then 2 s doubling waits): a permanent error costs at most four more calls
// and surfaces within seconds, which classifying would not change for anyone.
// It reads the tries as BriefTries does, with the longer total, and a loop
// wrapper's from the constants its call passes (CallerTries); an attempt
// that retries on its own (Region.Inner) past a few tries, or by a count or
// wait the code leaves open, makes each try slow: no few tries.
func (res *Result) FewTries(r *Region) bool {
	for _, in := range r.Inner {
		if !in.Tries.within(fewTotal) {
			return false
		}
	}
	t := res.TriesOf(r)
	if t.Attempts == 0 {
		t = res.CallerTries(r)
	}
	return t.within(fewTotal)
}
