// Package relaxsearch is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry
package relaxsearch

import (
	"context"
	"database/sql"
	"errors"
)

// Issue 12 shape 2: a loop whose failure path asks a call to loosen the
// attempt's own input (drop one soft constraint, one candidate, one filter)
// and leaves when the call answers that nothing was left to loosen searches
// a shrinking input; it does not do the failed attempt again. The same input
// again, a call whose answer is ignored, a loosened value the attempt never
// reads, or a call that only reads the input or records the failure in it,
// stays a retry.

var db *sql.DB

var errFull = errors.New("no room")

// reach asks a database, which can refuse for good: its failures are worth
// classifying, pacing and bounding.
func reach() { db.Exec("UPDATE slots SET taken = true") }

type request struct {
	soft   []string
	hard   []string
	failed []error
	tries  int
}

func place(ctx context.Context, r *request) error { reach(); return nil }

// dropSoft removes one soft constraint, and says whether there was one.
func dropSoft(r *request) bool {
	if len(r.soft) == 0 {
		return false
	}
	r.soft = r.soft[1:]
	return true
}

// dropHard gives up one of several hard constraints.
func dropHard(r *request) bool {
	if len(r.hard) < 2 {
		return false
	}
	r.hard = r.hard[:len(r.hard)-1]
	return true
}

func (r *request) loosen() bool {
	if len(r.soft) == 0 {
		return false
	}
	r.soft = r.soft[:len(r.soft)-1]
	return true
}

type relaxer struct{ hardToo bool }

// relax tries its steps in turn, through function values.
func (x *relaxer) relax(ctx context.Context, r *request) bool {
	steps := []func(*request) bool{dropSoft}
	if x.hardToo {
		steps = append(steps, dropHard)
	}
	for _, step := range steps {
		if step(r) {
			return true
		}
	}
	return false
}

type planner struct {
	relaxer    *relaxer
	candidates []string
}

func (p *planner) placeFirst(ctx context.Context) error {
	if len(p.candidates) == 0 {
		return errFull
	}
	_ = p.candidates[0]
	reach()
	return nil
}

func (p *planner) dropCandidate() bool {
	if len(p.candidates) == 0 {
		return false
	}
	p.candidates = p.candidates[1:]
	return true
}

// ---- a search over a shrinking input: quiet ----

// A helper of a field loosens the input through its steps.
func (p *planner) placeRelaxing(ctx context.Context, r *request) error {
	for {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		err := place(ctx, r)
		if err == nil {
			return nil
		}
		if errors.Is(err, context.Canceled) {
			return err
		}
		if relaxed := p.relaxer.relax(ctx, r); !relaxed {
			return err
		}
	}
}

// A function of the input drops one constraint a round.
func placeDropping(ctx context.Context, r *request) error {
	for {
		err := place(ctx, r)
		if err == nil {
			return nil
		}
		if !dropSoft(r) {
			return err
		}
	}
}

// A method of the input, leaving by break.
func placeLoosening(ctx context.Context, r *request) error {
	var err error
	for {
		if err = place(ctx, r); err == nil {
			break
		}
		if !r.loosen() {
			break
		}
	}
	return err
}

// The true answer goes round, anything else leaves.
func placeGoingOn(ctx context.Context, r *request) error {
	for {
		err := place(ctx, r)
		if err == nil {
			return nil
		}
		if dropSoft(r) {
			continue
		}
		return err
	}
}

// The candidate the attempt reads from its receiver is dropped.
func (p *planner) placeCandidates(ctx context.Context) error {
	for {
		err := p.placeFirst(ctx)
		if err == nil {
			return nil
		}
		if !p.dropCandidate() {
			return err
		}
	}
}

// The same search by recursion.
func placeRecursive(ctx context.Context, r *request) error {
	err := place(ctx, r)
	if err == nil {
		return nil
	}
	if !dropSoft(r) {
		return err
	}
	return placeRecursive(ctx, r)
}

// ---- the same attempt again: still retries ----

// Nothing changes between rounds.
func placeSameRetry(ctx context.Context, r *request) error {
	for { // reports: fixedsleep retryall unboundedretry
		if err := place(ctx, r); err == nil {
			return nil
		}
	}
}

// The input is loosened but the answer never ends the loop.
func placeIgnoredRetry(ctx context.Context, r *request) error {
	for { // reports: fixedsleep retryall unboundedretry
		if err := place(ctx, r); err == nil {
			return nil
		}
		dropSoft(r)
	}
}

// The loosened value is not what the attempt reads.
func placeOtherRetry(ctx context.Context, r, spare *request) error {
	for { // reports: fixedsleep retryall unboundedretry
		err := place(ctx, r)
		if err == nil {
			return nil
		}
		if !dropSoft(spare) {
			return err
		}
	}
}

// replayable only reads the input: the same answer every round.
func replayable(r *request) bool { return len(r.hard) == 0 }

func placeReplayRetry(ctx context.Context, r *request) error {
	for { // reports: fixedsleep retryall unboundedretry
		err := place(ctx, r)
		if err == nil {
			return nil
		}
		if !replayable(r) {
			return err
		}
	}
}

// record keeps the failure in the input: a count of failures, not a change
// of what is asked.
func record(r *request, err error) bool {
	r.failed = append(r.failed, err)
	return len(r.failed) < 100
}

func placeRecordRetry(ctx context.Context, r *request) error {
	for { // reports: fixedsleep unboundedretry
		err := place(ctx, r)
		if err == nil {
			return nil
		}
		if !record(r, err) {
			return err
		}
	}
}

// countTry bumps an attempt number the input carries.
func (r *request) countTry() bool {
	r.tries++
	return r.tries < 100
}

func placeCountRetry(ctx context.Context, r *request) error {
	for { // reports: fixedsleep retryall
		err := place(ctx, r)
		if err == nil {
			return nil
		}
		if !r.countTry() {
			return err
		}
	}
}

type conn struct{ id int }

func dial() *conn { reach(); return &conn{} }

type session struct {
	conn   *conn
	closed bool
}

func (s *session) send(ctx context.Context) error { _ = s.conn; reach(); return nil }

// reconnect makes the connection the attempt reads again: the same request.
func (s *session) reconnect() bool {
	if s.closed {
		return false
	}
	s.conn = dial()
	return true
}

// The connection made again is the same request (the receiver's closed
// flag ends the loop, and unboundedretry takes it for a stop).
func (s *session) sendReconnectRetry(ctx context.Context) error {
	for { // reports: fixedsleep retryall
		err := s.send(ctx)
		if err == nil {
			return nil
		}
		if !s.reconnect() {
			return err
		}
	}
}

func sendOn(ctx context.Context, s *session) error { _ = s.conn; reach(); return nil }

// reopen does the same to a session handed to the attempt.
func reopen(s *session) bool {
	if s.closed {
		return false
	}
	s.conn = dial()
	return true
}

func sendReopenRetry(ctx context.Context, s *session) error {
	for { // reports: fixedsleep retryall unboundedretry
		err := sendOn(ctx, s)
		if err == nil {
			return nil
		}
		if !reopen(s) {
			return err
		}
	}
}

// The recursion loosens a value the attempt never reads.
func placeRecursiveOther(ctx context.Context, r, spare *request) error {
	err := place(ctx, r)
	if err == nil {
		return nil
	}
	if !dropSoft(spare) {
		return err
	}
	return placeRecursiveOther(ctx, r, spare) // reports: retryall unboundedretry
}
