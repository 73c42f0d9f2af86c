package retryscope_test

import (
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// remoteProbe reports, at each region, whether its attempt may reach another
// system, and whether the other system may refuse it (MayBeRefused).
var remoteProbe = &analysis.Analyzer{
	Name:       "remoteprobe",
	Doc:        "report whether each region's attempt is remote",
	Requires:   []*analysis.Analyzer{retryscope.Analyzer},
	ResultType: reflect.TypeOf(0),
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		for _, r := range res.Regions {
			switch {
			case r.MayBeRefused():
				pass.Reportf(r.Pos, "remote, may be refused")
			case r.Remote():
				pass.Reportf(r.Pos, "remote, connects only")
			default:
				pass.Reportf(r.Pos, "local")
			}
		}
		return 0, nil
	},
}

// TestRemote: local attempts (clock, rename, lock file, in-memory index, a
// local function of a package that imports net/http) and remote ones (HTTP,
// SQL, dial, through helpers, facts, interfaces, func values, channels); of
// the remote ones, those that only connect (refusal.go).
func TestRemote(t *testing.T) {
	analysistest.Run(t, testdata(t), remoteProbe, "retryscoperemote", "retryscoperemote/portslocal", "retryscoperemote/portsmixed", "retryscoperemote/portsforeign")
}
