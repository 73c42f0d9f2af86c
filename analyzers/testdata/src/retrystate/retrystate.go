// Package retrystate holds retry attempts that add to outer state before they
// can still fail, and the look-alikes that must stay quiet.
package retrystate

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
)

type row struct {
	ID   int
	Name string
}

var errBusy = errors.New("busy")

func pause(attempt int) { time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond) }

func insert(ctx context.Context, db *sql.DB, rows []row) error {
	_, err := db.ExecContext(ctx, "INSERT ...", len(rows))
	return err
}

func fetch(ctx context.Context, c *http.Client, id int) (row, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/rows", nil)
	if err != nil {
		return row{}, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return row{}, err
	}
	defer resp.Body.Close()
	return row{ID: id}, nil
}

// A batch import retried with an outer slice: every failed insert leaves the
// converted rows in out, and the next attempt appends them again.
func importBatch(ctx context.Context, db *sql.DB, src []string) ([]row, error) {
	var out []row
	for attempt := 0; attempt < 3; attempt++ {
		for i, name := range src {
			out = append(out, row{ID: i, Name: name}) // want `append to out \(declared outside the retry\) before the attempt can still fail at insert \(line \d+\); a failed attempt's out stay and the next attempt adds them again: reset out at the start of each attempt or collect into a local and assign after success`
		}
		if err := insert(ctx, db, out); err != nil {
			pause(attempt)
			continue
		}
		return out, nil
	}
	return nil, errBusy
}

// The GOOD twin: the attempt starts from an empty slice.
func importBatchReset(ctx context.Context, db *sql.DB, src []string) ([]row, error) {
	var out []row
	for attempt := 0; attempt < 3; attempt++ {
		out = out[:0]
		for i, name := range src {
			out = append(out, row{ID: i, Name: name})
		}
		if err := insert(ctx, db, out); err != nil {
			pause(attempt)
			continue
		}
		return out, nil
	}
	return nil, errBusy
}

// A backoff callback fetches a batch one by one: a failure half way keeps the
// rows fetched so far, and the next attempt fetches them again.
func fetchAll(ctx context.Context, c *http.Client, ids []int) ([]row, error) {
	var rows []row
	err := backoff.Retry(func() error {
		for _, id := range ids {
			r, err := fetch(ctx, c, id)
			if err != nil {
				return err
			}
			rows = append(rows, r) // want `append to rows \(declared outside the retry\) before the attempt can still fail at fetch \(line \d+\)`
		}
		return nil
	}, backoff.NewExponentialBackOff())
	return rows, err
}

// The GOOD twin: the callback collects into its own slice and assigns on success.
func fetchAllLocal(ctx context.Context, c *http.Client, ids []int) ([]row, error) {
	var rows []row
	err := backoff.Retry(func() error {
		var got []row
		for _, id := range ids {
			r, err := fetch(ctx, c, id)
			if err != nil {
				return err
			}
			got = append(got, r)
		}
		rows = got
		return nil
	}, backoff.NewExponentialBackOff())
	return rows, err
}

// A total and a map of counts grow before the attempt's write can fail.
func countAndStore(ctx context.Context, db *sql.DB, batches [][]row) (int, map[string]int, error) {
	total := 0
	byName := map[string]int{}
	err := retry.Do(func() error {
		for _, b := range batches {
			total += len(b) // want `add to total \(declared outside the retry\) before the attempt can still fail at insert \(line \d+\); a failed attempt's count stays and the next attempt adds it again: reset total at the start of each attempt or count into a local and add after success`
			for _, r := range b {
				byName[r.Name]++ // want `add to map byName \(declared outside the retry\) before the attempt can still fail at insert`
			}
			if err := insert(ctx, db, b); err != nil {
				return err
			}
		}
		return nil
	}, retry.Attempts(3))
	return total, byName, err
}

// The GOOD twin: both are reset when the attempt starts.
func countAndStoreReset(ctx context.Context, db *sql.DB, batches [][]row) (int, map[string]int, error) {
	total := 0
	byName := map[string]int{}
	err := retry.Do(func() error {
		total = 0
		clear(byName)
		for _, b := range batches {
			total += len(b)
			for _, r := range b {
				byName[r.Name]++
			}
			if err := insert(ctx, db, b); err != nil {
				return err
			}
		}
		return nil
	}, retry.Attempts(3))
	return total, byName, err
}

// A row sent downstream before the attempt is over is sent again by the next
// attempt.
func stream(ctx context.Context, c *http.Client, ids []int, out chan<- row) error {
	return backoff.Retry(func() error {
		for _, id := range ids {
			r, err := fetch(ctx, c, id)
			if err != nil {
				return err
			}
			out <- r // want `send on out \(declared outside the retry\) before the attempt can still fail at fetch \(line \d+\); a failed attempt's values are already sent and the next attempt sends them again: collect into a local and send after success`
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

// The GOOD twin: the values are sent once the attempt succeeded.
func streamAfter(ctx context.Context, c *http.Client, ids []int, out chan<- row) error {
	var got []row
	err := backoff.Retry(func() error {
		got = got[:0]
		for _, id := range ids {
			r, err := fetch(ctx, c, id)
			if err != nil {
				return err
			}
			got = append(got, r)
		}
		return nil
	}, backoff.NewExponentialBackOff())
	for _, r := range got {
		out <- r
	}
	return err
}

// A local retry (the attempt never leaves the process) duplicates state too.
func parseAll(lines []string) ([]int, error) {
	var vals []int
	for attempt := 0; attempt < 3; attempt++ {
		for _, l := range lines {
			vals = append(vals, len(l)) // want `append to vals \(declared outside the retry\) before the attempt can still fail at validate`
		}
		if err := validate(vals); err != nil {
			pause(attempt)
			continue
		}
		return vals, nil
	}
	return nil, errBusy
}

func validate(vals []int) error {
	if len(vals) == 0 {
		return errBusy
	}
	return nil
}

// Look-alikes.

// An attempt counter and its logging: the duplicates are the point.
func counted(ctx context.Context, db *sql.DB, rows []row) error {
	attempts := 0
	for {
		attempts++
		log.Printf("attempt %d", attempts)
		if err := insert(ctx, db, rows); err == nil {
			return nil
		}
		if attempts >= 5 {
			return errBusy
		}
		pause(attempts)
	}
}

// A counter bumped by the callback of a helper, read only by a log line.
func countedCallback(ctx context.Context, db *sql.DB, rows []row) error {
	tries := 0
	err := retry.Do(func() error {
		tries++
		return insert(ctx, db, rows)
	}, retry.Attempts(3))
	log.Printf("%d tries", tries)
	return err
}

// The write comes after the attempt's last failure point.
func appendAfterSuccess(ctx context.Context, c *http.Client, ids []int) ([]row, error) {
	var rows []row
	for _, id := range ids {
		for attempt := 0; attempt < 3; attempt++ {
			r, err := fetch(ctx, c, id)
			if err != nil {
				pause(attempt)
				continue
			}
			rows = append(rows, r)
			break
		}
	}
	return rows, nil
}

// Each attempt's error is collected on the failure path: the failure is
// already behind it.
func collectErrors(ctx context.Context, db *sql.DB, rows []row) error {
	var errs []error
	for attempt := 0; attempt < 3; attempt++ {
		err := insert(ctx, db, rows)
		if err == nil {
			return nil
		}
		errs = append(errs, err)
		pause(attempt)
	}
	return errors.Join(errs...)
}

// Results are assigned, not accumulated.
func assigned(ctx context.Context, c *http.Client, id int) (row, error) {
	var r row
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		r, err = fetch(ctx, c, id)
		if err == nil {
			return r, nil
		}
		pause(attempt)
	}
	return r, err
}

// The state is declared inside the attempt.
func declaredInside(ctx context.Context, db *sql.DB, src []string) error {
	return backoff.Retry(func() error {
		var out []row
		n := 0
		for i, name := range src {
			out = append(out, row{ID: i, Name: name})
			n += len(name)
		}
		return insert(ctx, db, out[:n%len(out)])
	}, backoff.NewExponentialBackOff())
}

// A rollback on the failure path puts the slice back where the attempt found it.
func rollback(ctx context.Context, db *sql.DB, out []row, src []string) ([]row, error) {
	for attempt := 0; attempt < 3; attempt++ {
		mark := len(out)
		for i, name := range src {
			out = append(out, row{ID: i, Name: name})
		}
		if err := insert(ctx, db, out[mark:]); err != nil {
			out = out[:mark]
			pause(attempt)
			continue
		}
		return out, nil
	}
	return out, errBusy
}

// A map entry set is overwritten by the next attempt: nothing is duplicated.
func entrySet(ctx context.Context, c *http.Client, ids []int) (map[int]row, error) {
	byID := map[int]row{}
	err := backoff.Retry(func() error {
		for _, id := range ids {
			r, err := fetch(ctx, c, id)
			if err != nil {
				return err
			}
			byID[id] = r
		}
		return nil
	}, backoff.NewExponentialBackOff())
	return byID, err
}

// A signal carries nothing to duplicate.
func signal(ctx context.Context, db *sql.DB, rows []row, started chan<- struct{}) error {
	return backoff.Retry(func() error {
		started <- struct{}{}
		return insert(ctx, db, rows)
	}, backoff.NewExponentialBackOff())
}

// A slice nobody reads but its own appends.
func unread(ctx context.Context, db *sql.DB, rows []row) error {
	var seen []int
	return backoff.Retry(func() error {
		for _, r := range rows {
			seen = append(seen, r.ID)
		}
		return insert(ctx, db, rows)
	}, backoff.NewExponentialBackOff())
}

// A write in a function literal of the attempt may run later, or never.
func inClosure(ctx context.Context, db *sql.DB, rows []row) ([]row, error) {
	var done []row
	err := backoff.Retry(func() error {
		record := func(r row) { done = append(done, r) }
		for _, r := range rows {
			record(r)
		}
		return insert(ctx, db, rows)
	}, backoff.NewExponentialBackOff())
	return done, err
}

// A failover loop sends each attempt to another target: the list of targets
// tried is its progress, not a duplicate.
func failover(ctx context.Context, c *http.Client, hosts []string) ([]string, error) {
	var tried []string
	for _, h := range hosts {
		tried = append(tried, h)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://"+h+"/ping", nil)
		if err != nil {
			return tried, err
		}
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
		return tried, nil
	}
	return tried, errBusy
}

// A total kept in a field is a statistic read out of sight.
type stats struct{ rows int }

func (s *stats) insertCounted(ctx context.Context, db *sql.DB, rows []row) error {
	return backoff.Retry(func() error {
		s.rows += len(rows)
		return insert(ctx, db, rows)
	}, backoff.NewExponentialBackOff())
}

// The callback's last statement is a success: the write after the call is not
// followed by a failure.
func lastThenAppend(ctx context.Context, c *http.Client, id int) ([]row, error) {
	var rows []row
	err := backoff.Retry(func() error {
		r, err := fetch(ctx, c, id)
		if err != nil {
			return err
		}
		rows = append(rows, r)
		return nil
	}, backoff.NewExponentialBackOff())
	return rows, err
}

// A permanent error after the write does not go back to another attempt.
func permanentAfter(ctx context.Context, c *http.Client, ids []int) ([]row, error) {
	var rows []row
	err := backoff.Retry(func() error {
		for _, id := range ids {
			rows = append(rows, row{ID: id})
		}
		if len(rows) > 100 {
			return backoff.Permanent(errBusy)
		}
		return nil
	}, backoff.NewExponentialBackOff())
	return rows, err
}

// A batch kept in a struct the caller hands in.
type batch struct {
	rows []row
	n    int
}

func (b *batch) load(ctx context.Context, c *http.Client, ids []int) error {
	return backoff.Retry(func() error {
		for _, id := range ids {
			r, err := fetch(ctx, c, id)
			if err != nil {
				return err
			}
			b.rows = append(b.rows, r) // want `append to b.rows \(declared outside the retry\) before the attempt can still fail at fetch`
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

// The GOOD twin: the attempt starts from an empty batch.
func (b *batch) reload(ctx context.Context, c *http.Client, ids []int) error {
	return backoff.Retry(func() error {
		*b = batch{}
		for _, id := range ids {
			r, err := fetch(ctx, c, id)
			if err != nil {
				return err
			}
			b.rows = append(b.rows, r)
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

// Through a pointer the caller reads.
func fill(ctx context.Context, c *http.Client, ids []int, out *[]row) error {
	return retryDo(ctx, func() error {
		for _, id := range ids {
			r, err := fetch(ctx, c, id)
			if err != nil {
				return err
			}
			*out = append(*out, r) // want `append to \*out \(declared outside the retry\) before the attempt can still fail at fetch`
		}
		return nil
	})
}

// The GOOD twin: the pointer's slice is emptied first.
func refill(ctx context.Context, c *http.Client, ids []int, out *[]row) error {
	return retryDo(ctx, func() error {
		*out = nil
		for _, id := range ids {
			r, err := fetch(ctx, c, id)
			if err != nil {
				return err
			}
			*out = append(*out, r)
		}
		return nil
	})
}

// retryDo is the package's retry helper (an inferred wrapper): its callers'
// closures are retry callbacks.
func retryDo(ctx context.Context, op func() error) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 100 * time.Millisecond):
		}
	}
	return err
}

// A continue after the write, on a check that leaves nothing undone, and a
// total counted per attempt but bounded by the retry: quiet.
func boundedBySpent(ctx context.Context, db *sql.DB, rows []row, budget int) error {
	spent := 0
	for spent < budget {
		spent += len(rows)
		if err := insert(ctx, db, rows); err == nil {
			return nil
		}
		pause(spent)
	}
	return errBusy
}

// The call that can fail after the write is the one whose error goes back,
// not the request's construction, whose failure is permanent.
func permanentThenRetried(ctx context.Context, c *http.Client, urls []string) ([]int, error) {
	var codes []int
	err := backoff.Retry(func() error {
		for _, u := range urls {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
			if err != nil {
				return backoff.Permanent(err)
			}
			resp, err := c.Do(req)
			if err != nil {
				return err
			}
			resp.Body.Close()
			codes = append(codes, resp.StatusCode) // want `append to codes \(declared outside the retry\) before the attempt can still fail at c.Do \(line \d+\)`
		}
		return nil
	}, backoff.NewExponentialBackOff())
	return codes, err
}

type event struct {
	kind    string
	attempt int
	err     error
}

// Once per attempt, a result of the attempt is handed on before the attempt's
// second call can fail.
func headerThenBody(ctx context.Context, c *http.Client, id int, heads chan<- row) (row, error) {
	for attempt := 0; attempt < 3; attempt++ {
		head, err := fetch(ctx, c, id)
		if err != nil {
			pause(attempt)
			continue
		}
		heads <- head // want `send on heads \(declared outside the retry\) before the attempt can still fail at fetch`
		body, err := fetch(ctx, c, id+1)
		if err != nil {
			pause(attempt)
			continue
		}
		return body, nil
	}
	return row{}, errBusy
}

// An event announcing each attempt is made of nothing the attempt produced:
// its receiver is meant to see every attempt.
func announced(ctx context.Context, db *sql.DB, rows []row, events chan<- event) error {
	for attempt := 0; attempt < 3; attempt++ {
		events <- event{kind: "connecting", attempt: attempt + 1}
		err := insert(ctx, db, rows)
		if err == nil {
			return nil
		}
		events <- event{kind: "failed", attempt: attempt, err: err}
		pause(attempt)
	}
	return errBusy
}

// The same job handed to a worker again on each attempt is the retry itself.
func handOn(ctx context.Context, db *sql.DB, job []row, work chan<- []row) error {
	return backoff.Retry(func() error {
		work <- job
		return insert(ctx, db, job)
	}, backoff.NewExponentialBackOff())
}
