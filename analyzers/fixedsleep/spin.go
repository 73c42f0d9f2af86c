package fixedsleep

import (
	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// withSpins adds to run the loops that go round at once without being
// retries (retryscope's poll_spin.go and wait_unitless.go): a state poll with
// no wait at all, an accept loop whose failure way does not wait, and a
// growing wait capped by a number without a unit.
func withSpins(run func(*lint.Pass) error) func(*lint.Pass) error {
	return func(p *lint.Pass) error {
		if err := run(p); err != nil {
			return err
		}
		for _, r := range p.Scope.SpinningPolls() {
			p.ReportRegion(r, nil, "", nil, "poll loop asks again at once: no wait between polls, so while the state lasts it calls the other system as fast as the round trips allow; wait between polls, growing the wait to a cap")
		}
		for _, r := range p.Scope.SpinningAccepts() {
			p.ReportRegion(r, nil, "", nil, "accept loop goes round at once after a failure: while Accept keeps failing (out of file descriptors) it spins and logs without pause; return on net.ErrClosed and wait on other failures, doubling from 5 ms to 1 s as net/http does")
		}
		for _, r := range p.Scope.SpinningReceives() {
			p.ReportRegion(r, nil, "", nil, "receive loop goes round at once after a failure: while %s keeps failing (the other system down, the connection closed) the loop calls it again and again without pause; wait on the failure way, growing the wait to a cap", p.Scope.ReceiveName(r))
		}
		for _, c := range p.Scope.UnitlessCaps() {
			p.Reportf(c.Cap, "wait capped at %s: %s is a time.Duration and a number without a unit counts nanoseconds, so once capped the loop goes round almost at once; write the unit (time.Millisecond, time.Second)",
				c.Value, c.Var.Name())
		}
		return nil
	}
}
