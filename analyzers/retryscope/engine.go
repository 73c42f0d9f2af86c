package retryscope

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// analyze fills res. The order matters: regions first (they export the facts the
// others read), then what hangs off them.
func analyze(pass *analysis.Pass, res *Result) {
	code.Register(pass.TypesInfo, pass.ResultOf[inspect.Analyzer].(*inspector.Inspector))
	res.funcs = indexFuncs(pass)
	exportRoundValues(pass, res) // before anything sums waits
	findRegions(pass, res)
	markRemote(pass, res)
	markCommand(pass, res)
	markComponentStart(res)
	findVerdictImpls(pass, res)
	exportRetries(pass, res)
	exportRemote(pass, res)
	exportStickyWrites(pass, res)
	exportClientRetries(pass, res)
	markBoundsAnswer(pass, res)
	exportNoVerdict(pass, res)
	exportWaitsParam(pass, res)
	exportSendsClient(pass, res)
	exportPassesContext(pass, res)
	exportReadsStdin(pass, res)
	for _, r := range res.Regions {
		findInner(pass, res, r)
	}
	findClientRetries(pass, res)
	findTxCallbacks(pass, res)
}
