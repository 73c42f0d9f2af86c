package retryscope

import (
	"path/filepath"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/rules"
)

// Config is what every rule reads before looking at code: the knowledge base
// and catalog in force for the package (rules.yaml merged with the
// .retrylint.yaml files in reach) and its //retrylint:ignore directives.
type Config struct {
	Knowledge *rules.Knowledge
	Ignores   *Ignores
	// Err is the package's configuration error (a .retrylint.yaml that does not
	// parse), which the engine returns as its own error, as drivers and the
	// checklist expect; Knowledge is nil then.
	Err error
}

// ConfigAnalyzer computes a package's Config. It is separate from the engine so
// that rules that do not read retry regions (httptimeout, checkpointorder) do
// not depend on region detection.
var ConfigAnalyzer = &analysis.Analyzer{
	Name:       "retrylintconfig",
	Doc:        "load retrylint's configuration and ignore directives for a package",
	URL:        "https://github.com/retrylint/retrylint/tree/main/analyzers/retryscope",
	ResultType: reflect.TypeOf((*Config)(nil)),
	Run:        runConfig,
	// It reads no types: a package that does not type-check still has its
	// configuration (the analyzers that need types are skipped there).
	RunDespiteErrors: true,
}

func runConfig(pass *analysis.Pass) (any, error) {
	k, err := rules.ForDir(packageDir(pass))
	if err != nil {
		return &Config{Ignores: &Ignores{fset: pass.Fset}, Err: err}, nil
	}
	return &Config{Knowledge: k, Ignores: collectIgnores(pass.Fset, pass.Files)}, nil
}

// packageDir is the directory of the package's first file, where .retrylint.yaml
// discovery starts.
func packageDir(pass *analysis.Pass) string {
	for _, f := range pass.Files {
		if name := pass.Fset.File(f.Pos()).Name(); name != "" {
			return filepath.Dir(name)
		}
	}
	return "."
}
