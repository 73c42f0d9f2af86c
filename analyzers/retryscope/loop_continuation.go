package retryscope

import (
	"go/ast"
	"go/types"

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
