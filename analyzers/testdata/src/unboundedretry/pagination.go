package unboundedretry

import (
	"errors"
	"io"
	"time"
)

// A listing paged through a stream has no attempt limit and needs none: it
// goes round only after the inner drain ended at io.EOF (the page's normal
// end) on a page with entries, with the cursor moved on, and every failure
// returns. No retry.

type pageItem struct{ Name string }

type pageStream interface {
	Recv() (*pageItem, error)
}

type pageLister interface {
	List(from string, limit int) (pageStream, error)
}

func paginate(c pageLister, visit func(string) (stop bool, err error)) error {
	last := ""
	for {
		st, err := c.List(last, 1000)
		if err != nil {
			return err
		}
		received := false
		for {
			it, recvErr := st.Recv()
			if recvErr != nil {
				if errors.Is(recvErr, io.EOF) {
					break
				}
				return recvErr
			}
			received = true
			last = it.Name
			stop, err := visit(it.Name)
			if err != nil {
				return err
			}
			if stop {
				return nil
			}
		}
		if !received {
			return nil
		}
	}
}

// Look-alike: a listing that fails, or a stream that breaks, is listed again
// with no limit: an unbounded retry.
func listUntilWhole(c pageLister) []string {
	for { // want `retry loop has no attempt limit and no deadline`
		st, err := c.List("", 1000)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		var names []string
		for {
			it, err := st.Recv()
			if err == io.EOF {
				return names
			}
			if err != nil {
				break
			}
			names = append(names, it.Name)
		}
		time.Sleep(time.Second)
	}
}
