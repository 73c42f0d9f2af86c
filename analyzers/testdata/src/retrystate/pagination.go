package retrystate

import (
	"context"
	"errors"
	"io"
	"time"
)

// A listing paged through a stream: each page is a call that opens a stream
// and a drain of it to io.EOF. io.EOF is the page's normal end, not a failure.

type entry struct{ Name string }

type entryStream interface {
	Recv() (*entry, error)
}

type lister interface {
	List(ctx context.Context, from string, limit int) (entryStream, error)
}

const pageSize = 100

// Pagination: every failure returns; the loop goes round only after the drain
// ended at io.EOF on a full page, with the cursor moved on. No retry.
func listAll(ctx context.Context, c lister) ([]string, error) {
	var out []string
	cursor := ""
	for {
		st, err := c.List(ctx, cursor, pageSize)
		if err != nil {
			return nil, err
		}
		n := 0
		for {
			it, err := st.Recv()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, err
			}
			out = append(out, it.Name)
			cursor = it.Name
			n++
		}
		if n < pageSize {
			return out, nil
		}
	}
}

// The same pagination with the io.EOF test nested in the failure branch and a
// count that leaves through break.
func countAll(ctx context.Context, c lister) (int, error) {
	count := 0
	last := ""
	for {
		st, err := c.List(ctx, last, pageSize)
		if err != nil {
			return count, err
		}
		n := 0
		for {
			it, recvErr := st.Recv()
			if recvErr != nil {
				if recvErr == io.EOF {
					break
				}
				return count, recvErr
			}
			count++
			last = it.Name
			n++
		}
		if n < pageSize {
			break
		}
	}
	return count, nil
}

// Look-alike: a broken stream goes round and lists again from the start.
// The region's attempt is the listing (its failure goes round too); the
// entries are appended after it, in a drain the region does not count as its
// attempt, so retrystate stays quiet here (the engine keeps the region:
// retryscope/loops/pagination.go).
func listRetried(ctx context.Context, c lister) ([]string, error) {
	var out []string
	for attempt := 0; attempt < 3; attempt++ {
		st, err := c.List(ctx, "", pageSize)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		for {
			it, err := st.Recv()
			if err == io.EOF {
				return out, nil
			}
			if err != nil {
				break
			}
			out = append(out, it.Name)
		}
		time.Sleep(time.Second)
	}
	return nil, errBusy
}

type committer interface {
	lister
	Commit(ctx context.Context) error
}

// Look-alike: the page is drained to its end, then a commit that fails goes
// round. The end of the drain is the page's success; the commit's failure is
// a retry that lists the same page again into the same slice.
func listCommitted(ctx context.Context, c committer) ([]string, error) {
	var out []string
	for attempt := 0; attempt < 3; attempt++ {
		st, err := c.List(ctx, "", pageSize)
		if err != nil {
			return nil, err
		}
		for {
			it, err := st.Recv()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, err
			}
			out = append(out, it.Name) // want `append to out \(declared outside the retry\) before the attempt can still fail at c.Commit \(line \d+\); a failed attempt's out stay and the next attempt adds them again: reset out at the start of each attempt or collect into a local and assign after success`
		}
		if err := c.Commit(ctx); err != nil {
			time.Sleep(time.Second)
			continue
		}
		return out, nil
	}
	return nil, errBusy
}
