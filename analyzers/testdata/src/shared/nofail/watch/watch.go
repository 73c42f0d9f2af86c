// Package watch is the other package of the nofail fixture: its functions are
// read by the facts they export.
package watch

import "database/sql"

type W struct{ db *sql.DB }

// Start never fails: the remote work runs in a goroutine, whose result is
// not Start's.
func Start(addr string) (*W, error) {
	w := &W{}
	go w.run(addr)
	return w, nil
}

func (w *W) run(addr string) { w.db.Exec("LISTEN " + addr) }

// Listen fails when the statement does.
func (w *W) Listen(addr string) (*W, error) {
	if _, err := w.db.Exec("LISTEN " + addr); err != nil {
		return nil, err
	}
	return w, nil
}
