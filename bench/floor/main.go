// Command floor is the cost floor of retrylint's driver: the same x/tools checker
// (multichecker, which also serves go vet's protocol) running one analyzer that
// only requires inspect and does nothing. Everything it costs is loading, parsing,
// type checking and building the inspector; what retrylint costs on top of it is
// the price of its analysis.
//
// With FLOOR_FACTS=1 in the environment the analyzer declares a fact type (and
// exports none): the checker then loads every dependency from source and go vet
// runs the tool on every dependency, which is what facts cost before any analysis.
package main

import (
	"os"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

var noop = &analysis.Analyzer{
	Name:       "noop",
	Doc:        "requires inspect and reports nothing",
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	ResultType: reflect.TypeOf(struct{}{}),
	Run: func(p *analysis.Pass) (any, error) {
		_ = p.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		return struct{}{}, nil
	},
}

// marker is the fact type declared under FLOOR_FACTS=1.
type marker struct{}

func (*marker) AFact() {}

func main() {
	if os.Getenv("FLOOR_FACTS") == "1" {
		noop.FactTypes = []analysis.Fact{(*marker)(nil)}
	}
	multichecker.Main(noop)
}
