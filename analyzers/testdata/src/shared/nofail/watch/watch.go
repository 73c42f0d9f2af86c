// Package watch is the other package of the nofail fixture: its functions are
// read by the facts they export.
package watch

import (
	"database/sql"
	"sync"
)

type W struct {
	db   *sql.DB
	once sync.Once
}

// Start never fails: the remote work runs in a goroutine, whose result is
// not Start's.
func Start(addr string) (*W, error) {
	w := &W{}
	go w.run(addr)
	return w, nil
}

// Watch never fails either: the literal sync.Once runs now only starts the
// goroutine.
func (w *W) Watch(addr string) (*W, error) {
	w.once.Do(func() { go w.run(addr) })
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
