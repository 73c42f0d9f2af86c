package fixedsleep

import (
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// checkHelper reports a retry helper configured for a constant delay without
// jitter, or for no delay at all.
func checkHelper(p *lint.Pass, r *retryscope.Region, seen lint.Seen) {
	pol := r.Helper.Policy()
	if pol.WaitAt == nil || seen[pol.WaitAt] {
		return
	}
	switch {
	case pol.Shape == retryscope.ShapeConstant && pol.Jitter == retryscope.TriNo:
		seen[pol.WaitAt] = true
		p.Reportf(pol.WaitAt, "%s waits the same delay before every attempt: %s", r.Helper.Name(), r.Helper.Hints(pol.WaitAt).Backoff)
	case pol.Shape == retryscope.ShapeNone:
		seen[pol.WaitAt] = true
		p.Reportf(pol.WaitAt, "%s retries at once, without any delay: %s", r.Helper.Name(), r.Helper.Hints(pol.WaitAt).Backoff)
	}
}

// reportLibrary reports a hand-written loop's library backoff set to a
// constant delay, at the setting that makes it so.
func reportLibrary(p *lint.Pass, b *retryscope.HelperCall, seen lint.Seen) {
	pol := b.Policy()
	if pol.WaitAt == nil || pol.Jitter != retryscope.TriNo || seen[pol.WaitAt] {
		return
	}
	seen[pol.WaitAt] = true
	p.Reportf(pol.WaitAt, "retry loop waits the same delay before every attempt (%s): %s", b.Name(), b.Hints(pol.WaitAt).Backoff)
}
