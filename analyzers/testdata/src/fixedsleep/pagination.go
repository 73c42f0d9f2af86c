package fixedsleep

import (
	"context"
	"errors"
	"io"
)

// A listing paged through a stream: the loop goes round only after the
// inner drain ended at io.EOF on a full page, with the cursor moved on; every
// failure returns. The end of a stream is no failure, so there is no retry
// to pace.

type pageItem struct{ Name string }

type pageStream interface {
	Recv() (*pageItem, error)
}

type pageLister interface {
	List(ctx context.Context, from string, limit int) (pageStream, error)
}

const pageLimit = 100

func listPages(ctx context.Context, c pageLister, visit func(string) error) error {
	last := ""
	for {
		st, err := c.List(ctx, last, pageLimit)
		if err != nil {
			return err
		}
		n := 0
		for {
			it, recvErr := st.Recv()
			if recvErr != nil {
				if errors.Is(recvErr, io.EOF) {
					break // the page ended
				}
				return recvErr
			}
			if err := visit(it.Name); err != nil {
				return err
			}
			last = it.Name
			n++
		}
		if n < pageLimit {
			return nil
		}
	}
}

// Look-alike: a stream that breaks (any error but io.EOF) is listed again at
// once from the same cursor: a hot retry.
func listPagesAgain(ctx context.Context, c pageLister) ([]string, error) {
	var names []string
	for attempt := 0; attempt < 8; attempt++ { // want `retry loop tries again at once after a failure`
		st, err := c.List(ctx, "", pageLimit)
		if err != nil {
			continue
		}
		for {
			it, err := st.Recv()
			if err == io.EOF {
				return names, nil
			}
			if err != nil {
				break
			}
			names = append(names, it.Name)
		}
	}
	return nil, errors.New("listing failed")
}
