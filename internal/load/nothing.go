package load

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/packages"
)

// NothingAnalysed returns a line for each main module of which no requested
// package (no root) is analysed, of two or more: the problems say why package
// by package, this says what it adds up to. Of a module of one package, the
// problem's line already names it.
func NothingAnalysed(roots []*packages.Package) []string {
	requested := map[string][]string{} // main module: its roots
	analysed := map[string]bool{}
	var order []string
	for _, r := range roots {
		if r.Module == nil || !r.Module.Main {
			continue
		}
		m := r.Module.Path
		if _, ok := requested[m]; !ok {
			order = append(order, m)
		}
		if name := displayPath(r); !slices.Contains(requested[m], name) {
			requested[m] = append(requested[m], name)
		}
		analysed[m] = analysed[m] || !r.IllTyped
	}
	var lines []string
	for _, m := range order {
		if n := len(requested[m]); n > 1 && !analysed[m] {
			lines = append(lines, fmt.Sprintf("nothing of module %s was analysed: the problems above keep out all %d of its requested packages", m, n))
		}
	}
	return lines
}
