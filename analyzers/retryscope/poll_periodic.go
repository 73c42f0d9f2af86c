package retryscope

import (
	"golang.org/x/tools/go/cfg"
)

// A loop whose call's success also goes round after a timed wait is a
// periodic job — a heartbeat, a registration or lease renewed every period —
// not a poll waiting for an answer:
//
//	for {
//		ttl, err := join(pool)
//		if err != nil { time.Sleep(time.Minute); continue }
//		if refused(ttl) { return } // the one way out: a refusal
//		time.Sleep(ttl)           // success: wait, and go round again
//	}
//
// The proof: from the call's success, taking the success side of every
// outcome check met on the way (a status case, a later call's error), no way
// leaves the loop, and one passes a timed wait. It may still leave on the
// failure side of a check (a 401 that aborts). The job runs for the process's
// or its owner's lifetime on purpose: "no attempt limit and no deadline" is
// its design, and a cap on its failures would silently end the job.
// A poll leaves on its answer (if st.Done { return }: no outcome check, both
// sides followed) and stays a poll.

// repeatsOnSuccess reports whether the loop of check c is such a periodic
// job; checks are the loop's outcome checks.
func (f *flow) repeatsOnSuccess(l *loop, c *outcomeCheck, checks []*outcomeCheck) bool {
	successOf := make(map[*cfg.Block]*cfg.Block, len(checks))
	for _, o := range checks {
		successOf[o.block] = o.success()
	}
	way, seen := make(map[*cfg.Block]bool), make(map[*cfg.Block]bool)
	var visit func(*cfg.Block) blockStep
	visit = func(b *cfg.Block) blockStep {
		switch {
		case b == l.header:
			return skip
		case !l.holds(b) || len(b.Succs) == 0:
			return stopHere // the success leaves
		}
		way[b] = true
		if next := successOf[b]; next != nil {
			seen[b] = true
			if searchBlocks([]*cfg.Block{next}, seen, visit) {
				return stopHere
			}
			return skip
		}
		return follow
	}
	if searchBlocks([]*cfg.Block{c.success()}, seen, visit) {
		return false
	}
	for _, w := range f.waits(l) {
		if w.Kind != WaitOther && f.onWay(w.At, way) {
			return true
		}
	}
	return false
}
