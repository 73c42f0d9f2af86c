// Package shrinkargs is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall unboundedretry
package shrinkargs

import (
	"context"
	"database/sql"
	"strings"
)

// Issue 12 shape 2, a downgrade: a loop that goes round only after rebuilding
// the attempt's argument list from itself by a call, and only when the new
// list is shorter, asks a smaller question each round and ends when nothing
// is left to drop. A rebuilt list not tested to be shorter, a length test of
// something else, or a shorter list the attempt never reads, stays a retry.

var db *sql.DB

// invoke asks a database, which can refuse for good: its failures are worth
// classifying and bounding.
func invoke(ctx context.Context, args []string) (string, error) {
	_, err := db.ExecContext(ctx, strings.Join(args, " "))
	return "", err
}

// without returns args less every copy of flag.
func without(args []string, flag string) []string {
	out := make([]string, 0, len(args))
	for _, a := range args {
		if a != flag {
			out = append(out, a)
		}
	}
	return out
}

// withoutLast drops a trailing name, when there is one to drop.
func withoutLast(args []string) []string {
	if len(args) < 3 {
		return args
	}
	return args[:len(args)-1]
}

// ---- a downgrade over a shrinking list: quiet ----

// Two fallbacks, each taken only when it dropped something.
func fetchDowngrading(ctx context.Context, args []string) (string, error) {
	for {
		out, err := invoke(ctx, args)
		if err == nil {
			return out, nil
		}
		if strings.Contains(out, "shallow") {
			if next := without(args, "--depth=1"); len(args) > len(next) {
				args = next
				continue
			}
		}
		if strings.Contains(out, "unknown ref") {
			if next := withoutLast(args); len(next) < len(args) {
				args = next
				continue
			}
		}
		return out, err
	}
}

// The shorter list defined before its test, the attempt reading it through
// a command built each round.
type command struct{ argv []string }

func (c *command) run(ctx context.Context) (string, error) { return invoke(ctx, c.argv) }

func runDowngrading(ctx context.Context, args []string) (string, error) {
	for {
		cmd := &command{}
		cmd.argv = append(cmd.argv, args...)
		out, err := cmd.run(ctx)
		if err == nil {
			return out, nil
		}
		next := withoutLast(args)
		if len(next) >= len(args) {
			return out, err
		}
		args = next
	}
}

// ---- the same question again: still retries ----

// Rebuilt every round from itself, never tested to be shorter: the second
// round on is the same list, but only without's body says so: quiet
// (loop_varies.go).
func fetchRebuildRetry(ctx context.Context, args []string) (string, error) {
	for {
		out, err := invoke(ctx, args)
		if err == nil {
			return out, nil
		}
		args = without(args, "--depth=1")
	}
}

// The test is of the list's size alone, not that it shrank.
func fetchNonEmptyRetry(ctx context.Context, args []string) (string, error) {
	for { // reports: retryall unboundedretry
		out, err := invoke(ctx, args)
		if err == nil {
			return out, nil
		}
		if next := withoutLast(args); len(next) > 0 {
			args = next
			continue
		}
		return out, err
	}
}

// The list that shrinks is not the one the attempt reads.
func fetchOtherRetry(ctx context.Context, args, spare []string) (string, error) {
	for { // reports: retryall unboundedretry
		out, err := invoke(ctx, args)
		if err == nil {
			return out, nil
		}
		if next := withoutLast(spare); len(next) < len(spare) {
			spare = next
			continue
		}
		return out, err
	}
}
