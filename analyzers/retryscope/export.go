package retryscope

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// exportRetries marks every declared function that holds a retry region with the
// Retries fact, so that retrying around it (here or in another package) is seen as
// nested retrying. A region whose attempt stays in the process (Region.Remote: a
// lock taken again, an in-memory lookup) is no retry layer: an outer retry around
// it repeats the local attempts, not the requests to a dependency.
func exportRetries(pass *analysis.Pass, res *Result) {
	facts := make(map[*types.Func]*Retries)
	var order []*types.Func
	for _, r := range res.Regions {
		decl := declOf(res, r.Func)
		if decl == nil || !r.MultipliesAttempts() || !r.Remote() || res.AwaitsAppearance(r) {
			continue
		}
		if f := facts[decl.obj]; f != nil {
			f.Endless = f.Endless && res.endless(r) // one finite layer is enough to multiply
			f.Unretried = nil
			f.Tries = Tries{} // two layers in one function: their product is not read
			continue
		}
		fact := &Retries{Attempts: r.Bound.MaxAttempts, Tries: res.TriesOf(r), Via: r.Kind.String(), Endless: res.endless(r)}
		if res.funcs.find(r.Func) == decl {
			fact.Unretried = unretriedSentinels(pass.TypesInfo, decl, r)
		}
		if r.Helper != nil {
			fact.Via = r.Helper.Func.FullName()
		}
		facts[decl.obj] = fact
		order = append(order, decl.obj)
	}
	for _, fn := range order {
		res.exportFact(pass, fn, facts[fn])
	}
}

// RetriesOf returns the Retries fact of a function of any package, or nil.
func RetriesOf(pass *analysis.Pass, fn *types.Func) *Retries {
	var f Retries
	if fn != nil && importObjectFact(pass, fn.Origin(), &f) {
		return &f
	}
	return nil
}
