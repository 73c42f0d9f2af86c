package retryscope

import (
	"go/ast"

	"golang.org/x/tools/go/cfg"
)

// A recursive retry's stop check bounds it only where a failed attempt
// passes it on its way to the next: a check that only the success path
// reaches (if err == nil { if s.closed() { return }; ... }) leaves failures
// to recurse regardless. A check ahead of the recursive call, such as the
// first statement of the function, ends the chain once the owner stops.

// recursesAfter reports whether one of the recursive calls can run after the
// condition that ends blk is tested: a block holding one is reachable from
// blk.
func recursesAfter(blk *cfg.Block, calls []*ast.CallExpr) bool {
	seen := map[*cfg.Block]bool{}
	work := append([]*cfg.Block(nil), blk.Succs...)
	for _, s := range work {
		seen[s] = true
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, c := range calls {
			if holdsNode(b, c) {
				return true
			}
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}
