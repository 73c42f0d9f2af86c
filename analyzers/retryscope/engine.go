package retryscope

import "golang.org/x/tools/go/analysis"

// analyze fills res. The order matters: regions first (they export the facts the
// others read), then what hangs off them.
func analyze(pass *analysis.Pass, res *Result) {
	res.funcs = indexFuncs(pass)
	findRegions(pass, res)
	markRemote(pass, res)
	exportRemote(pass, res)
	exportClientRetries(pass, res)
	for _, r := range res.Regions {
		findInner(pass, res, r)
	}
	findTxCallbacks(pass, res)
	findSites(pass, res)
}
