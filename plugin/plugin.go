// Package plugin registers retrylint as a golangci-lint v2 module plugin.
//
// A custom golangci-lint binary that imports this package (see .golangci-plugin/)
// offers a linter named "retrylint" of type "module". Its settings are
//
//	config:  path of a rules file (the .retrylint.yaml format)
//	enable:  rule names; when given, only these rules run
//	disable: rule names that do not run
//
// plus knowledge additions under the keys of rules.yaml's knowledge section
// (retry_helpers, classifiers, external_calls, ...), given as lists. Every analyzer
// of the suite runs under the one linter name; golangci-lint prefixes each message
// with the rule's name ("retryall: ...").
package plugin

import (
	"fmt"
	"path/filepath"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/confighash"
	"github.com/retrylint/retrylint/internal/message"
)

// Name is the linter name the plugin registers, and the one `//nolint:` takes.
const Name = "retrylint"

func init() {
	register.Plugin(Name, New)
}

// Plugin is the golangci-lint linter plugin of retrylint.
type Plugin struct {
	settings Settings
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes the settings of .golangci.yml (linters.settings.custom.retrylint.settings),
// checks them and installs the configuration the analyzers read.
func New(raw any) (register.LinterPlugin, error) {
	s, err := DecodeSettings(raw)
	if err != nil {
		return nil, err
	}
	if err := s.apply(); err != nil {
		return nil, err
	}
	// golangci-lint files each related place as an issue of its own
	// ("retrylint(related information)"): one finding would print as two.
	message.Related = false
	return &Plugin{settings: s}, nil
}

// BuildAnalyzers returns the analyzers of the enabled rules, in catalog order,
// and one that does nothing and whose name carries a hash of the rules files
// (configKey).
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	var out []*analysis.Analyzer
	var names []string
	for _, a := range analyzers.All() {
		if p.settings.runs(a.Name) {
			out = append(out, a)
			names = append(names, a.Name)
		}
	}
	// The engine's failures and the directives' problems are reported by the
	// first rule that runs: tell the rules which do.
	analyzers.Select(names)
	key, err := configKey(p.settings.Config)
	if err != nil {
		return nil, err
	}
	return append(out, key), nil
}

// configKey makes golangci-lint's result cache see the rules files. That
// cache is keyed by the package and the names of the analyzers a linter
// returns, not by the files the analyzers read: an edited .retrylint.yaml
// would replay old results, and a broken one the clean result of a run
// before it broke. So every rules file that can apply (the settings'
// config file, .retrylint.yaml found from the working directory up to the
// module root and below it) is loaded now, failing the run when one does
// not validate, and hashed into the name of an analyzer that reports
// nothing.
func configKey(config string) (*analysis.Analyzer, error) {
	files := confighash.Files(".")
	if config != "" {
		if abs, err := filepath.Abs(config); err == nil {
			files = append(files, abs)
		}
	}
	if err := confighash.Check(files); err != nil {
		return nil, fmt.Errorf("retrylint: %w", err)
	}
	return &analysis.Analyzer{
		Name: "retrylintconfig_" + confighash.Sum(files)[:16],
		Doc:  "retrylintconfig reports nothing; its name keys golangci-lint's cache with the hash of retrylint's rules files.",
		Run:  func(*analysis.Pass) (any, error) { return nil, nil },
	}, nil
}

// GetLoadMode asks golangci-lint for syntax and type information.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
