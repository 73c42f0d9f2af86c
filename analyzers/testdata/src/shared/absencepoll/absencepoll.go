// Package absencepoll is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// A poll for absence goes round only while its answer is "not found" and
// leaves, here by break, on success and on every other error. It is no retry:
// the rules that judge a retry's load on a dependency stay quiet. sleepnoctx
// judges its "not yet" waits as a retry's: a caller that gave up waits them
// out all the same.
//
// rules: sleepnoctx retryall fixedsleep unboundedretry nojitter nestedretry
package absencepoll

import (
	"context"
	"errors"
	"time"
)

var errRecordNotFound = errors.New("record not found")

type record struct{ Key string }

// records is out of sight (an interface): its Find may reach another system.
type records interface {
	Find(ctx context.Context, key string) (record, error)
}

// Eight rounds whose wait doubles up to 20 s, and ctx in reach.
func awaitRecord(ctx context.Context, rs records, key string) (record, error) {
	var (
		rec record
		err error
	)
	wait := 200 * time.Millisecond
	for i := 0; i < 8; i++ { // reports: sleepnoctx
		if rec, err = rs.Find(ctx, key); err == nil {
			break
		}
		if !errors.Is(err, errRecordNotFound) {
			break
		}
		time.Sleep(wait)
		wait = min(2*wait, 20*time.Second)
	}
	return rec, err
}

// Look-alike: four rounds of 2 s, 8 s in all.
func awaitRecordQuick(ctx context.Context, rs records, key string) (record, error) {
	var (
		rec record
		err error
	)
	for i := 0; i < 4; i++ {
		if rec, err = rs.Find(ctx, key); err == nil {
			break
		}
		if !errors.Is(err, errRecordNotFound) {
			break
		}
		time.Sleep(2 * time.Second)
	}
	return rec, err
}

// Look-alike: no end but the record, and ctx checked every round: a
// cancellation waits out one 5 s wait at most.
func awaitRecordChecked(ctx context.Context, rs records, key string) (record, error) {
	var (
		rec record
		err error
	)
	for {
		if err = ctx.Err(); err != nil {
			break
		}
		if rec, err = rs.Find(ctx, key); err == nil {
			break
		}
		if !errors.Is(err, errRecordNotFound) {
			break
		}
		time.Sleep(5 * time.Second)
	}
	return rec, err
}
