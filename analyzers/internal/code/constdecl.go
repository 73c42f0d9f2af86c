package code

import (
	"go/ast"
	"go/types"
)

// ConstDecl returns the expression that declares k, a constant of the package
// whose files are given; nil for a constant of another package, or one whose
// value its spec leaves implicit (the later names of an iota block).
func ConstDecl(info *types.Info, files []*ast.File, k *types.Const) ast.Expr {
	var found ast.Expr
	for _, f := range files {
		if f.FileStart > k.Pos() || k.Pos() > f.FileEnd {
			continue
		}
		TreeOf(info).Inspect(f, []ast.Node{(*ast.ValueSpec)(nil)}, func(n ast.Node) bool {
			vs := n.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if info.Defs[name] == k && i < len(vs.Values) {
					found = vs.Values[i]
				}
			}
			return found == nil
		})
	}
	return found
}
