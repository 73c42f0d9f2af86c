package load

import (
	"go/types"
	"regexp"
	"slices"

	"golang.org/x/tools/go/packages"
)

// cgoGenerated matches an identifier cgo writes for a package's references to
// C (_Ctype_int, _Cfunc_free, _Cgo_ptr, _cgo_runtime_cgocall). Files made by
// `cgo -godefs`, kept next to the cgo files, name them without importing "C".
var cgoGenerated = regexp.MustCompile(`\b_(?:Ctype|Cfunc|Cgo|cgo|Cmacro|Cvar)_\w`)

// dropCgoNameErrors drops the errors naming cgo's identifiers from a package
// that uses cgo and is checked only for its types (a dependency): go list -n
// ran no cgo, so those identifiers are missing here, not in the package, which
// the go command builds. Its other errors stay. The package's syntax is not
// analysed, so no rule reads the types those errors left incomplete.
func dropCgoNameErrors(p *packages.Package) {
	if !importsC(p.Syntax) {
		return
	}
	p.Errors = slices.DeleteFunc(p.Errors, func(e packages.Error) bool {
		return e.Kind == packages.TypeError && cgoGenerated.MatchString(e.Msg)
	})
	p.TypeErrors = slices.DeleteFunc(p.TypeErrors, func(e types.Error) bool {
		return cgoGenerated.MatchString(e.Msg)
	})
}
