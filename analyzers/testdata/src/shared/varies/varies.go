// Package varies is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall unboundedretry fixedsleep
package varies

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Issue 12 shape 2, asked the other way round: a loop is a retry only when
// what its attempt is asked stays the same from one round to the next. An
// argument, the function called or the receiver made from a value the loop
// steps on makes each round ask something else, whatever the way it steps.
// What only stamps an attempt (a context, a number, a flag, a time, a request
// re-made with a new context, a buffer re-made at its own length, rows
// appended to an outer slice) does not change the question.

var db *sql.DB

type shard struct{ name string }

func (s *shard) load(ctx context.Context) error {
	_, err := db.ExecContext(ctx, "SELECT 1 FROM "+s.name)
	return err
}

func put(ctx context.Context, key string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO k VALUES ($1)", key)
	return err
}

func putAt(ctx context.Context, key string, attempt int, last bool, at time.Time, budget time.Duration) error {
	_, err := db.ExecContext(ctx, "INSERT INTO k VALUES ($1, $2, $3, $4, $5)", key, attempt, last, at, budget)
	return err
}

func putRows(ctx context.Context, rows []string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO k VALUES ($1)", strings.Join(rows, ","))
	return err
}

// ---- another question each round: quiet ----

// The key is cut from a value the loop steps on by hand (not a counter the
// other readings know): a walk down a list of prefixes.
func putNextPrefix(ctx context.Context, key string) error {
	rest := key
	for {
		if err := put(ctx, rest); err == nil {
			return nil
		}
		rest = rest[1:]
		time.Sleep(time.Second)
	}
}

// A receiver picked by a position that moves each round.
func loadNextShard(ctx context.Context, shards []*shard) error {
	pos := 0
	for {
		if err := shards[pos%len(shards)].load(ctx); err == nil {
			return nil
		}
		pos += 7
		time.Sleep(time.Second)
	}
}

// The function called comes from a table indexed by a value that moves.
func runNextStep(ctx context.Context, steps []func(context.Context) error) error {
	k := 0
	for {
		step := steps[k%len(steps)]
		if err := step(ctx); err == nil {
			return nil
		}
		k = k*2 + 1
		time.Sleep(time.Second)
	}
}

type page struct {
	number int
	size   int
}

func fetchPage(ctx context.Context, p page) error {
	_, err := db.ExecContext(ctx, "SELECT * FROM t LIMIT $1 OFFSET $2", p.size, p.number*p.size)
	return err
}

// A query made each round from the counter: another page each time.
func fetchNextPage(ctx context.Context) error {
	for i := 0; ; i++ {
		if err := fetchPage(ctx, page{number: i, size: 100}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// nextKey hands back the key after cursor and where to go on from.
func nextKey(keys []string, cursor int) (string, int) {
	return keys[cursor%len(keys)], cursor + 1
}

// The key comes out of a helper together with the cursor it moves.
func putFromCursor(ctx context.Context, keys []string) error {
	var (
		key    string
		cursor int
	)
	for {
		key, cursor = nextKey(keys, cursor)
		if err := put(ctx, key); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func placeReplicas(ctx context.Context, n int) error {
	_, err := db.ExecContext(ctx, "SELECT place($1)", n)
	return err
}

// A size counted down and handed to the attempt: the largest that fits.
func placeLargest(ctx context.Context, want int) error {
	for n := want; ; n-- {
		if err := placeReplicas(ctx, n); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// ---- the same question again: still retries ----

// The counter, a flag, a time and a budget handed to the attempt only stamp it.
func putStamped(ctx context.Context, key string) error {
	budget := 10 * time.Second
	for attempt := 0; ; attempt++ { // reports: retryall unboundedretry fixedsleep
		if err := putAt(ctx, key, attempt, attempt > 4, time.Now(), budget); err == nil {
			return nil
		}
		budget /= 2
		time.Sleep(time.Second)
	}
}

// Tries left counted down, handed to nothing: the same question.
func putCountedDown(ctx context.Context, key string) error {
	for left := 5; ; left-- { // reports: retryall unboundedretry fixedsleep
		if err := put(ctx, key); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A request re-made with a new context each round is the same request
// (retryall leaves transport errors of a client alone).
func getRestamped(ctx context.Context, c *http.Client, req *http.Request) error {
	for { // reports: unboundedretry fixedsleep
		actx, cancel := context.WithTimeout(ctx, time.Second)
		req = req.WithContext(actx)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A value declared in the loop with no value starts from zero each round.
func putZeroed(ctx context.Context, key string) error {
	for { // reports: retryall unboundedretry fixedsleep
		var suffix string
		if err := put(ctx, key+suffix); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Rows appended to an outer slice are state left from the failed round
// (retrystate's finding), not another question.
func putAccumulated(ctx context.Context, src []string) error {
	var rows []string
	for { // reports: retryall unboundedretry fixedsleep
		rows = append(rows, src...)
		if err := putRows(ctx, rows); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A name made fresh each round from values that do not move.
func putFormatted(ctx context.Context, tenant string, id int) error {
	for { // reports: retryall unboundedretry fixedsleep
		key := fmt.Sprintf("%s/%d", tenant, id)
		if err := put(ctx, key); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}
