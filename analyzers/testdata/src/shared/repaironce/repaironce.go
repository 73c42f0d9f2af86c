// Package repaironce is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry
package repaironce

import "database/sql"

// A loop that goes back to its attempt only inside `if !flag { flag = true;
// ...; continue }`, with flag a bool declared false before the loop and set
// nowhere else, goes round at most once: it repairs a precondition (creates
// the missing table) and tries again, and every other failure, and the
// second one, leaves. That is a two-step attempt, not a retry: no wait, bound
// or classification is owed. Without the flag, or with a flag the loop
// clears again, it goes round on every failure and stays a retry.

var db *sql.DB

func insert(v string) error {
	_, err := db.Exec("INSERT INTO events VALUES ($1)", v)
	return err
}

func createTable() error {
	_, err := db.Exec("CREATE TABLE IF NOT EXISTS events (v text)")
	return err
}

// Quiet: repair, then one more try.
func put(v string) error {
	repaired := false
	for {
		err := insert(v)
		if err == nil {
			return nil
		}
		if !repaired {
			repaired = true
			if createTable() == nil {
				continue
			}
		}
		return err
	}
}

// Quiet: the flag tested with another condition, declared with var.
func putIn(v, table string) error {
	var created bool
	for {
		err := insert(v)
		if err == nil {
			return nil
		}
		if !created && table != "" {
			created = true
			_ = createTable()
			continue
		}
		return err
	}
}

// Quiet: the flag asked first, in a case that leaves, and set after it.
func putSwitched(v string) error {
	repaired := false
	for {
		err := insert(v)
		switch {
		case err == nil:
			return nil
		case repaired:
			return err
		}
		repaired = true
		if err := createTable(); err != nil {
			return err
		}
	}
}

// Look-alike: a case of the flag that does not leave: the set is reached
// whatever the flag holds.
func putSwitchedOn(v string) {
	repaired := false
	for { // reports: fixedsleep retryall unboundedretry
		err := insert(v)
		switch {
		case err == nil:
			return
		case repaired:
			_ = createTable()
		}
		repaired = true
	}
}

// Look-alike: no flag, it repairs and goes round on every failure.
func putForever(v string) {
	for insert(v) != nil { // reports: fixedsleep retryall unboundedretry
		_ = createTable()
	}
}

// Look-alike: the loop clears the flag again, so it goes round on every
// failure.
func putCleared(v string) error {
	repaired := false
	for { // reports: fixedsleep retryall unboundedretry
		err := insert(v)
		if err == nil {
			return nil
		}
		if !repaired {
			repaired = true
			_ = createTable()
			continue
		}
		repaired = false
	}
}

// Look-alike: the flag is set, but the way round does not pass it.
func putUnguarded(v string) error {
	tried := false
	for { // reports: fixedsleep retryall unboundedretry
		err := insert(v)
		if err == nil {
			return nil
		}
		if !tried {
			tried = true
			_ = createTable()
		}
		if createTable() == nil {
			continue
		}
		return err
	}
}
