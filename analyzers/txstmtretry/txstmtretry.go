// Package txstmtretry defines an Analyzer that reports retries of single
// statements inside a transaction begun outside the retry.
//
// # Statement retried inside a transaction begun outside the retry
//
// After a serialization failure (SQLSTATE 40001) or a deadlock (40P01) the
// database has aborted the transaction: PostgreSQL refuses every further
// statement until ROLLBACK, and CockroachDB expects the client to restart the
// transaction. A retry loop, recursive retry or retry callback that repeats a
// statement on a *sql.Tx, pgx.Tx, bun.Tx, *sqlx.Tx, a gorm transaction or a
// struct of the package embedding one (statements promoted) begun
// before the retry can therefore never succeed, and if it could, it would break
// the transaction's atomicity. Retry the whole transaction: begin, run the
// statements and commit inside the attempt, or use a helper that does
// (crdb.ExecuteTx).
//
// Not reported: a retried function that begins, uses and commits its own
// transaction; a region that begins a transaction per attempt (also a value
// carrying the tx in a field, declared or set in the attempt); transaction
// helpers that retry in place (crdb.ExecuteInTx, which uses a savepoint); loops
// that roll back to a savepoint before the next attempt.
package txstmtretry

import (
	"github.com/retrylint/retrylint/analyzers/internal/lint"

	"golang.org/x/tools/go/analysis/passes/inspect"
)

const doc = `report statements retried inside a transaction begun outside the retry

A retry region whose attempt runs Exec/Query/QueryRow/Prepare on a transaction
begun before the region retries one statement of an aborted transaction; retry
the whole transaction from Begin to Commit instead.`

// Analyzer reports statement-level retries on an outer transaction.
var Analyzer = lint.New("txstmtretry", doc, run, inspect.Analyzer)

func run(p *lint.Pass) error {
	if len(p.Scope.Regions) == 0 {
		return nil
	}
	c := newChecker(p)
	for _, r := range p.Scope.Regions {
		if r.Body == nil || c.managesTx(r) {
			continue
		}
		pos, end, ok := p.Scope.Span(r)
		if ok {
			c.region(r, span{pos, end})
		}
	}
	return nil
}
