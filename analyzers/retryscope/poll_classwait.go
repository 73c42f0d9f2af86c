package retryscope

import (
	"go/ast"
)

// A watch loop that waits on some errors only.
//
// A for {} loop that is no retry and no poll (its success goes round at once:
// a watch over blocking reads) may still wait on its failure way under a
// class test and skip the wait for the other errors. The failure way of its
// first error check that passes a wait becomes a region of ClassWaits, for the
// rule that judges which errors go round at once (fixedsleep); no other rule
// reads it.

// classWaitRegion returns the failure way of such a loop, or nil.
func (f *flow) classWaitRegion(l *loop) *Region {
	if loop, ok := l.stmt.(*ast.ForStmt); !ok || loop.Cond != nil {
		return nil
	}
	for _, c := range f.outcomeChecks(l) {
		if !f.testsError(c) || !l.reachesHeader(c.failure()) {
			continue
		}
		r := f.wayRegion(l, c, l.wayBack(c.failure()))
		if len(r.Waits) == 0 || r.Bound.Bounded() || r.Bound.Owner != nil {
			return nil
		}
		return r
	}
	return nil
}

// ClassWaitLoops returns the regions of ClassWaits that reach another system.
func (res *Result) ClassWaitLoops() []*Region {
	return remoteRegions(res.ClassWaits, func(*Region) bool { return true })
}
