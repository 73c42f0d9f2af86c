package retryscope

// A check may test the failure and its absence at once: the way it sends
// round is taken only when `err != nil && errors.Is(err, ErrNoRows)` holds,
// so its failure side is "not found" and nothing else. Every other error is
// some other check's (an earlier `err != nil && !errors.Is(err, ErrNoRows)`
// that returns), judged on its own. A check whose absence test is one side
// of an || says less ("not found, or something else") and stays with
// pollsAbsence's test of the ways back.

// failsOnAbsenceOnly reports whether c's failure side is taken only when its
// error is a "not found" one: a part of c's condition that holds whenever
// the failure side is taken (conjuncts) is a test for absence of c's error.
func (f *flow) failsOnAbsenceOnly(c *outcomeCheck) bool {
	cond := condOf(c.block)
	if cond == nil {
		return false
	}
	for _, part := range conjuncts(cond, c.failWhenTrue) {
		if part.holds && !joins(part.cond) && testsAbsence(f.info, part.cond) && mentions(f.info, part.cond, c.vars) {
			return true
		}
	}
	return false
}
