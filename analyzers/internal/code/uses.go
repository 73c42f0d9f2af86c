package code

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"sync"
)

// usesIndex lists a package's identifiers that refer to an object, in source
// order, built once from the type information: "does this code mention v" is
// then a look at the identifiers in a range of positions, not a walk of the
// code's syntax (like x/tools' typeindex).
type usesIndex struct {
	once sync.Once
	ids  []*ast.Ident
}

func (u *usesIndex) in(info *types.Info, n ast.Node) []*ast.Ident {
	return u.between(info, n.Pos(), n.End())
}

// between returns the identifiers that refer to an object in [pos, end).
func (u *usesIndex) between(info *types.Info, pos, end token.Pos) []*ast.Ident {
	u.once.Do(func() {
		u.ids = make([]*ast.Ident, 0, len(info.Uses))
		for id := range info.Uses {
			u.ids = append(u.ids, id)
		}
		sort.Slice(u.ids, func(i, j int) bool { return u.ids[i].Pos() < u.ids[j].Pos() })
	})
	lo := sort.Search(len(u.ids), func(i int) bool { return u.ids[i].Pos() >= pos })
	hi := sort.Search(len(u.ids), func(i int) bool { return u.ids[i].Pos() >= end })
	return u.ids[lo:hi]
}

// Mentions reports whether an identifier under n refers to an object for which
// want is true. Through the package's Tree it reads the uses index; without
// one it walks n.
func Mentions(info *types.Info, n ast.Node, want func(types.Object) bool) bool {
	if t := TreeOf(info); t != nil {
		for _, id := range t.uses.in(info, n) {
			if want(info.Uses[id]) {
				return true
			}
		}
		return false
	}
	found := false
	Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && !found {
			found = want(info.Uses[id])
		}
		return !found
	})
	return found
}
