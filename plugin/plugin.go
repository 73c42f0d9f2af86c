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
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers"
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
	return &Plugin{settings: s}, nil
}

// BuildAnalyzers returns the analyzers of the enabled rules, in catalog order.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	var out []*analysis.Analyzer
	for _, a := range analyzers.All() {
		if p.settings.runs(a.Name) {
			out = append(out, a)
		}
	}
	return out, nil
}

// GetLoadMode asks golangci-lint for syntax and type information.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
