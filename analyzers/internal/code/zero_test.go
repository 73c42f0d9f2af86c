package code

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

const zeroSrc = `package p

import "time"

type lock struct {
	never    time.Duration
	zeroed   time.Duration
	fromArg  time.Duration
	chained  time.Duration
	pointed  time.Duration
	Exported time.Duration
}

var unsetVar time.Duration
var setVar time.Duration

func newLock(d time.Duration) lock {
	l := lock{zeroed: 0, chained: time.Duration(unsetVar)}
	l.fromArg = d
	p := &l.pointed
	_ = p
	setVar = time.Second
	return l
}

func use(l lock, local time.Duration) []time.Duration {
	return []time.Duration{0, time.Second, l.never, l.zeroed, l.fromArg, l.chained, l.pointed, l.Exported, unsetVar, setVar, local}
}
`

// TestAlwaysZero checks which durations the package provably leaves at 0.
func TestAlwaysZero(t *testing.T) {
	f, info, _ := typeCheck(t, zeroSrc)
	Register(info, inspector.New([]*ast.File{f}))
	var elts []ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.CompositeLit); ok && len(lit.Elts) > 3 {
			elts = lit.Elts
		}
		return true
	})
	want := map[string]bool{
		"0": true, "time.Second": false,
		"l.never": true, "l.zeroed": true, "l.chained": true, "unsetVar": true,
		"l.fromArg": false, "l.pointed": false, "l.Exported": false, "setVar": false, "local": false,
	}
	if len(elts) != len(want) {
		t.Fatalf("found %d expressions, want %d", len(elts), len(want))
	}
	for _, e := range elts {
		name := types.ExprString(e)
		if got := AlwaysZero(info, e); got != want[name] {
			t.Errorf("AlwaysZero(%s) = %v, want %v", name, got, want[name])
		}
	}
}
