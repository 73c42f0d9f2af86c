// Package pagination is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures). The engine's own probe (retryscope's TestRegions)
// reads it too: its expectation marks say which loops are retry regions and
// what the engine knows of them.
//
// rules: retrystate
package pagination

import (
	"context"
	"errors"
	"io"
	"time"
)

// A listing paged through a stream: each page is a call that opens a stream
// and a drain of it to io.EOF. io.EOF is the page's normal end, not a failure,
// so the enclosing loops are no regions (loop_drainend.go).

var errTransient = errors.New("transient")

type pageEntry struct{ Name string }

type pageStream interface {
	Recv() (*pageEntry, error)
}

type pageLister interface {
	List(ctx context.Context, from string, limit int) (pageStream, error)
}

const pageLimit = 100

// Pagination: every failure returns; the loop goes round only after the drain
// ended at io.EOF on a full page, with the cursor moved on. No retry.
func listAll(ctx context.Context, c pageLister) ([]string, error) {
	var out []string
	cursor := ""
	for {
		st, err := c.List(ctx, cursor, pageLimit)
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
		if n < pageLimit {
			return out, nil
		}
	}
}

// The same pagination with the io.EOF test nested in the failure branch and a
// count that leaves through break.
func countAll(ctx context.Context, c pageLister) (int, error) {
	count := 0
	last := ""
	for {
		st, err := c.List(ctx, last, pageLimit)
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
		if n < pageLimit {
			break
		}
	}
	return count, nil
}

// Look-alike: a listing that fails goes round, and so does a broken stream
// (its non-EOF failure breaks out to the sleep): a retry. The region's attempt
// is the listing; the entries are appended after it, in a drain the region
// does not count as its attempt, so retrystate stays quiet here.
func listRetried(ctx context.Context, c pageLister) ([]string, error) {
	var out []string
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop classified=false bounded=true max=3 wait=sleep/const wait=sleep/const ctx=ctx`
		st, err := c.List(ctx, "", pageLimit)
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
	return nil, errTransient
}

type committer interface {
	pageLister
	Commit(ctx context.Context) error
}

// Look-alike: the page is drained to its end, then a commit that fails goes
// round. The end of the drain is the page's success; the commit's failure is
// a retry that lists the same page again into the same slice.
func listCommitted(ctx context.Context, c committer) ([]string, error) {
	var out []string
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop classified=false bounded=true max=3 wait=sleep/const ctx=ctx`
		st, err := c.List(ctx, "", pageLimit)
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
			out = append(out, it.Name) // reports: retrystate
		}
		if err := c.Commit(ctx); err != nil {
			time.Sleep(time.Second)
			continue
		}
		return out, nil
	}
	return nil, errTransient
}

// Look-alike: io.EOF from the attempt itself (a request whose connection the
// server closed) is a failure, and going round on it a classified retry.
func openRetriedOnEOF(ctx context.Context, c pageLister) (pageStream, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop classified=true bounded=true max=3 wait=sleep/const ctx=ctx`
		st, err := c.List(ctx, "", pageLimit)
		if errors.Is(err, io.EOF) {
			time.Sleep(time.Second)
			continue
		}
		if err != nil {
			return nil, err
		}
		return st, nil
	}
	return nil, errTransient
}
