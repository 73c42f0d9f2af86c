package txstmtretry

import (
	"database/sql"
	"strings"
	"time"
)

// A package's own transaction type that embeds *sql.Tx runs statements
// through the promoted methods (t.QueryRow, t.Exec): it is a transaction as
// much as the *sql.Tx it wraps.

type wrappedTx struct {
	*sql.Tx
}

func (t *wrappedTx) Commit() error   { return t.Tx.Commit() }
func (t *wrappedTx) Rollback() error { return t.Tx.Rollback() }

// txHolder hides the transaction behind an interface, as stores often do.
type txHolder interface {
	Delegate() interface{}
}

// retryTransient runs f again on a transient error, up to 10 times.
func retryTransient(f func() error) {
	for i := 1; i <= 10; i++ {
		err := f()
		if err == nil {
			return
		}
		if !strings.Contains(err.Error(), "Deadlock") {
			return
		}
		time.Sleep(time.Duration(i) * 50 * time.Millisecond)
	}
}

func countOnWrappedParam(t *wrappedTx) (n int, err error) {
	retryTransient(func() error {
		err = t.QueryRow("SELECT count(*) FROM items").Scan(&n) // want `statement on t is repeated by a retry callback`
		return err
	})
	return n, err
}

func countOnAssertedTx(h txHolder) (n int, err error) {
	t, _ := h.Delegate().(*wrappedTx)
	retryTransient(func() error {
		err = t.QueryRow("SELECT count(*) FROM items").Scan(&n) // want `statement on t is repeated by a retry callback`
		return err
	})
	return n, err
}

// Look-alike: each attempt begins its own wrapped transaction.
func beginWrapped(db *sql.DB) (*wrappedTx, error) {
	tx, err := db.Begin()
	return &wrappedTx{Tx: tx}, err
}

func wrappedBegunInside(db *sql.DB) {
	retryTransient(func() error {
		t, err := beginWrapped(db)
		if err != nil {
			return err
		}
		if _, err := t.Exec("UPDATE items SET n = n + 1"); err != nil {
			_ = t.Rollback()
			return err
		}
		return t.Commit()
	})
}

// Look-alike: a struct holding a transaction in a plain field, whose statement
// runs on its other field, the pool.
type poolAndTx struct {
	tx *sql.Tx
	db *sql.DB
}

func statementOnPoolField(s *poolAndTx) {
	retryTransient(func() error {
		_, err := s.db.Exec("UPDATE items SET n = n + 1")
		return err
	})
}
