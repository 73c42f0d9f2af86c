package unboundedretry

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"log"
	"math/rand"
	"net/http"
	"time"

	"github.com/google/uuid"
)

// Issue 12 shape 2: loops whose failure path changes what the next attempt
// asks for (a fresh random candidate; an input filled in with what the
// failure named) are searches, not retries. Attempts that still ask for the
// same thing stay retries.

type sqlWriter struct{}

// run runs op in a transaction of db.
func (sqlWriter) run(db *sql.DB, op func(tx *sql.Tx) error) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	if err := op(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func insertDevice(ctx context.Context, tx *sql.Tx, id, user string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO devices (id, user) VALUES ($1, $2)", id, user)
	return err
}

// ---- still retries ----

// The same ID inserted again on every round.
func sameIDForever(ctx context.Context, w sqlWriter, db *sql.DB, id, user string) error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := w.run(db, func(tx *sql.Tx) error { return insertDevice(ctx, tx, id, user) })
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A random draw used only for the wait is jitter, not a new target.
func sameIDJittered(ctx context.Context, w sqlWriter, db *sql.DB, id, user string) error {
	for { // want `retry loop has no attempt limit and no deadline`
		jitter := time.Duration(rand.Int63n(int64(time.Second)))
		err := w.run(db, func(tx *sql.Tx) error { return insertDevice(ctx, tx, id, user) })
		if err == nil {
			return nil
		}
		time.Sleep(time.Second + jitter)
	}
}

// A request ID only sent as a header: the same request each round.
func sameRequestNewRequestID(c *http.Client, url string) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("X-Request-Id", uuid.NewString())
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
	}
}

// A trace ID the transaction body only logs: the same row each round.
func sameIDLoggedTrace(ctx context.Context, w sqlWriter, db *sql.DB, id, user string) error {
	for { // want `retry loop has no attempt limit and no deadline`
		trace := uuid.NewString()
		err := w.run(db, func(tx *sql.Tx) error {
			log.Printf("trace %s: inserting %s", trace, id)
			return insertDevice(ctx, tx, id, user)
		})
		if err == nil {
			return nil
		}
	}
}

type missingDepError struct{ id string }

func (e missingDepError) Error() string { return "missing " + e.id }

type roomEvent struct{ id string }

func verifyRoomEvent(ctx context.Context, ev roomEvent, deps []roomEvent) error { reach(); return nil }
func fetchRoomEvent(ctx context.Context, id string) (roomEvent, error) {
	reach()
	return roomEvent{}, nil
}

// The missing piece is fetched but kept apart from what the check reads: the
// same check again.
func fetchedButNotAdded(ctx context.Context, ev roomEvent, deps []roomEvent) error {
	var seen []roomEvent
	for { // want `retry loop has no attempt limit and no deadline`
		err := verifyRoomEvent(ctx, ev, deps)
		if err == nil {
			return nil
		}
		var missing missingDepError
		if !errors.As(err, &missing) {
			return err
		}
		dep, err := fetchRoomEvent(ctx, missing.id)
		if err != nil {
			return err
		}
		seen = append(seen, dep)
		log.Printf("fetched %d", len(seen))
	}
}

var placeholder = roomEvent{id: "placeholder"}

// What is added does not come from the failure: a placeholder appended
// whatever was missing is no fill-in.
func placeholderAdded(ctx context.Context, ev roomEvent, deps []roomEvent) error {
	for { // want `retry loop has no attempt limit and no deadline`
		err := verifyRoomEvent(ctx, ev, deps)
		if err == nil {
			return nil
		}
		if _, err := fetchRoomEvent(ctx, "root"); err != nil {
			return err
		}
		deps = append(deps, placeholder)
	}
}

type sendOpts struct{ delay time.Duration }

func sendWithOpts(ctx context.Context, o *sendOpts) error            { reach(); return nil }
func delayFor(ctx context.Context, err error) (time.Duration, error) { reach(); return 0, nil }

// A value computed from the error itself (a delay) is no missing piece: the
// same send again.
func delayFromError(ctx context.Context) error {
	var o sendOpts
	for { // want `retry loop has no attempt limit and no deadline`
		err := sendWithOpts(ctx, &o)
		if err == nil {
			return nil
		}
		d, derr := delayFor(ctx, err)
		if derr != nil {
			return derr
		}
		o.delay = d
	}
}

// ---- look-alikes: searches and fill-ins ----

func newDeviceID() (string, error) {
	b := make([]byte, 6)
	if _, err := crand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// A fresh random ID each round, made by a helper of the package and inserted
// in a transaction body: a collision is resolved by the next candidate.
func randomDeviceID(ctx context.Context, w sqlWriter, db *sql.DB, user string) (string, error) {
	var id string
	var err error
	for {
		id, err = newDeviceID()
		if err != nil {
			return "", err
		}
		err = w.run(db, func(tx *sql.Tx) error { return insertDevice(ctx, tx, id, user) })
		if err == nil {
			return id, nil
		}
	}
}

// Fresh bytes from crypto/rand each round, inserted directly.
func randomBufferID(ctx context.Context, db *sql.DB, user string) (string, error) {
	for {
		b := make([]byte, 8)
		if _, err := crand.Read(b); err != nil {
			return "", err
		}
		id := hex.EncodeToString(b)
		if _, err := db.ExecContext(ctx, "INSERT INTO devices (id, user) VALUES ($1, $2)", id, user); err == nil {
			return id, nil
		}
	}
}

// A uuid per round handed to the transaction body's insert.
func uuidDeviceID(ctx context.Context, w sqlWriter, db *sql.DB, user string) (string, error) {
	for {
		id := uuid.NewString()
		err := w.run(db, func(tx *sql.Tx) error { return insertDevice(ctx, tx, id, user) })
		if err == nil {
			return id, nil
		}
	}
}

// A fill-in: the missing dependency the check names is fetched and added to
// the state it checks.
func fillInFor(ctx context.Context, ev roomEvent, deps []roomEvent) error {
	for {
		err := verifyRoomEvent(ctx, ev, deps)
		if err == nil {
			return nil
		}
		var missing missingDepError
		if !errors.As(err, &missing) {
			return err
		}
		dep, err := fetchRoomEvent(ctx, missing.id)
		if err != nil {
			return err
		}
		deps = append(deps, dep)
	}
}

// The same fill-in with a label and a goto, the missing piece read out of a
// type switch.
func fillInGoto(ctx context.Context, ev roomEvent, deps []roomEvent) error {
again:
	if err := verifyRoomEvent(ctx, ev, deps); err != nil {
		switch missing := err.(type) {
		case missingDepError:
			dep, err := fetchRoomEvent(ctx, missing.id)
			if err != nil {
				return err
			}
			deps = append(deps, dep)
			goto again
		}
		return err
	}
	return nil
}

type depState struct{ byID map[string]roomEvent }

func verifyState(ctx context.Context, ev roomEvent, st *depState) error { reach(); return nil }

// A fill-in into a map of the state the check reads.
func fillInMap(ctx context.Context, ev roomEvent, st *depState) error {
	for {
		err := verifyState(ctx, ev, st)
		var missing missingDepError
		if !errors.As(err, &missing) {
			return err
		}
		dep, err := fetchRoomEvent(ctx, missing.id)
		if err != nil {
			return err
		}
		st.byID[missing.id] = dep
	}
}
