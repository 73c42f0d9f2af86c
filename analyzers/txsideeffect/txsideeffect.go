// Package txsideeffect defines an Analyzer that reports side effects and
// nondeterminism inside database transaction callbacks.
//
// # Side effects inside a transaction callback
//
// A transaction helper (cockroach-go's crdb.ExecuteTx, gorm's Transaction, pgx's
// BeginFunc, bun's RunInTx, or a function of the analysed code that wraps one)
// runs a callback between BEGIN and COMMIT. A rollback undoes the callback's
// statements, but not an HTTP request, a gRPC call, a published message or a
// mail: the outside world sees an effect the database never committed. Helpers
// that retry the transaction (crdb, and wrappers the engine infers as retrying)
// run the callback again, so the effect happens once per attempt.
//
// In a callback that may run again, the analyzer also reports values that
// differ per attempt (uuid.New*, time.Now, math/rand, crypto/rand) and
// statements run through the outer database handle instead of the callback's
// transaction: they run outside the transaction and are not rolled back.
//
// Not reported: values computed before the callback and captured, effects
// after the helper returns, time.Now in a transaction that is not retried,
// statements through the transaction, closures the callback stores for later
// (an after-commit hook), a time.Now that only measures a duration or sets a
// deadline, and a time.Now that only becomes a statement argument on the
// callback's own transaction (rolled back with its attempt, so the committed row
// holds the time of the committing attempt). Calls of functions of the same
// package are followed one level.
package txsideeffect

import (
	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

const doc = `report side effects and nondeterminism inside transaction callbacks

External calls (HTTP, gRPC, message produce, mail) inside a database transaction
callback cannot be rolled back; in a callback the helper may retry, fresh UUIDs,
clock readings, random numbers and statements through the outer DB handle are
reported too.`

// Analyzer reports side effects inside transaction callbacks.
var Analyzer = lint.New("txsideeffect", doc, run)

func run(p *lint.Pass) error {
	c := newChecker(p)
	for _, tx := range p.Scope.TxCallbacks {
		if tx.Body != nil {
			c.callback(tx)
		}
	}
	return nil
}
