package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Some errors are no failure but a note that more follows: bufio's
// ErrBufferFull hands out a full buffer's worth of what was asked and says
// the rest is still to read. A loop that goes round on it gathers the pieces
// and reads on (chunks = append(chunks, piece); continue): each round reads
// further, nothing failed is done again. A test of such an error (err ==
// bufio.ErrBufferFull, errors.Is(err, bufio.ErrBufferFull)) is therefore no
// test of a failure's kind (kindTest), and a loop whose only way round it is
// is no retry. A loop that goes round on any other error, or on every error,
// still retries.
//
// The test need not be the loop's outcome check: a loop that leaves on
// success first (err == nil: break) and then on every error but the
// sentinel (err != bufio.ErrBufferFull: keep it and break) goes round on its
// failure side only through the sentinel, and reads on (readsOn).

// continuationSentinels are the errors that say "read on".
var continuationSentinels = [][2]string{{"bufio", "ErrBufferFull"}}

// testsContinuation reports whether a condition names a continuation sentinel.
func testsContinuation(info *types.Info, cond ast.Expr) bool {
	found := false
	code.Inspect(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !found {
			obj := info.Uses[id]
			for _, s := range continuationSentinels {
				found = found || code.IsObject(obj, s[0], s[1])
			}
		}
		return !found
	})
	return found
}

// readsOn reports whether every way from c's failure back to the header
// passes the sentinel's side of a continuation test of c's error whose
// other side never gets back to the header.
func (f *flow) readsOn(l *loop, c *outcomeCheck) bool {
	if len(c.vars) == 0 {
		return false
	}
	return l.everyWayBack(c.failure(), func(b *cfg.Block) bool {
		cond := condOf(b)
		if cond == nil || joins(cond) || !testsContinuation(f.info, cond) || !mentions(f.info, cond, c.vars) {
			return false
		}
		other := b.Succs[1]
		if negated(cond) != excludesSentinel(cond) {
			other = b.Succs[0]
		}
		return !l.reachesHeader(other)
	})
}

// excludesSentinel reports whether a test's true side, under its negations,
// is every error but the sentinel (err != bufio.ErrBufferFull).
func excludesSentinel(cond ast.Expr) bool {
	for {
		switch e := ast.Unparen(cond).(type) {
		case *ast.UnaryExpr:
			cond = e.X
		case *ast.BinaryExpr:
			return e.Op == token.NEQ
		default:
			return false
		}
	}
}
