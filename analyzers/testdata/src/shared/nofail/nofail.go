// Package nofail is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall sleepnoctx unboundedretry
package nofail

import (
	"database/sql"
	"errors"
	"time"

	"shared/nofail/watch"
)

// An attempt that cannot fail is no retry: when every return of the called
// function (read through calls of the package, other packages by a fact)
// gives its error result nil, the test of that error never sees a failure,
// and nothing goes round. A function with one way to a non-nil error, or
// one out of reach (an interface method, a function value), may fail.

type listener struct{ w *watch.W }

func newWatcher(addr string) (*watch.W, error) { return watch.Start(addr) }

// open's only error comes from newWatcher, which never fails.
func open(addr string) (*listener, error) {
	w, err := newWatcher(addr)
	if err != nil {
		return nil, err
	}
	return &listener{w: w}, nil
}

// openNamed ends in a bare return of a result no statement sets.
func openNamed(addr string) (l *listener, err error) {
	l = &listener{}
	l.w, _ = watch.Start(addr)
	return
}

// ---- cannot fail: quiet ----

func subscribe(addr string) *listener {
	for {
		l, err := open(addr)
		if err != nil {
			time.Sleep(3 * time.Second)
			continue
		}
		return l
	}
}

func subscribeNamed(addr string) *listener {
	for {
		if l, err := openNamed(addr); err == nil {
			return l
		}
		time.Sleep(3 * time.Second)
	}
}

func subscribeOnce(w0 *watch.W, addr string) *watch.W {
	for {
		if w, err := w0.Watch(addr); err == nil {
			return w
		}
		time.Sleep(3 * time.Second)
	}
}

// ---- may fail: still retries ----

var errNotReady = errors.New("not ready")

var db *sql.DB

func ready(addr string) bool {
	_, err := db.Exec("SELECT 1")
	return err == nil
}

// One return gives a non-nil error.
func openChecked(addr string) (*listener, error) {
	if !ready(addr) {
		return nil, errNotReady
	}
	return open(addr)
}

func subscribeChecked(addr string) *listener {
	for { // reports: fixedsleep retryall sleepnoctx unboundedretry
		l, err := openChecked(addr)
		if err != nil {
			time.Sleep(3 * time.Second)
			continue
		}
		return l
	}
}

// The error is set inside a literal the function runs.
func openDeferred(addr string) (l *listener, err error) {
	defer func() {
		if !ready(addr) {
			err = errNotReady
		}
	}()
	return &listener{}, nil
}

func subscribeDeferred(addr string) *listener {
	for { // reports: fixedsleep retryall sleepnoctx unboundedretry
		if l, err := openDeferred(addr); err == nil {
			return l
		}
		time.Sleep(3 * time.Second)
	}
}

// Another package's method that fails when its statement does.
func subscribeListen(w0 *watch.W, addr string) *watch.W {
	for { // reports: fixedsleep retryall sleepnoctx unboundedretry
		if w, err := w0.Listen(addr); err == nil {
			return w
		}
		time.Sleep(3 * time.Second)
	}
}

// An interface method is out of reach, whatever its implementations do.
type opener interface {
	open(addr string) (*listener, error)
}

func subscribeVia(o opener, addr string) *listener {
	for { // reports: fixedsleep retryall sleepnoctx unboundedretry
		if l, err := o.open(addr); err == nil {
			return l
		}
		time.Sleep(3 * time.Second)
	}
}
