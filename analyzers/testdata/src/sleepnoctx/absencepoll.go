package sleepnoctx

import (
	"context"
	"errors"
	"sync"
	"time"
)

// A poll for something to appear goes round only on "not found" and leaves
// on every other error: no retry, but a caller that gave up waits out its
// "not yet" waits all the same. Judged as a retry's waits are: with a
// context in reach, when they reach 10 s in all.

var errItemNotFound = errors.New("item not found")

type polledItem struct{ ID string }

type itemStore interface {
	Get(ctx context.Context, id string) (polledItem, error)
	Lookup(id string) (polledItem, error)
}

// Ten rounds whose wait doubles up to 25 s: close to a minute in all.
func awaitItemGrowing(ctx context.Context, st itemStore, id string) (polledItem, error) {
	delay := 100 * time.Millisecond
	for i := 0; i < 10; i++ { // want `time.Sleep while polling for something to appear ignores cancellation: wait in a select on ctx.Done\(\) and a timer`
		it, err := st.Get(ctx, id)
		if err == nil {
			return it, nil
		}
		if !errors.Is(err, errItemNotFound) {
			return polledItem{}, err
		}
		time.Sleep(delay)
		delay *= 2
		if delay > 25*time.Second {
			delay = 25 * time.Second
		}
	}
	return polledItem{}, errItemNotFound
}

// No end but the item: every 5 s, for as long as it takes.
func awaitItemEndless(ctx context.Context, st itemStore, id string) (*polledItem, error) {
	for { // want `time.Sleep while polling for something to appear ignores cancellation: wait in a select on ctx.Done\(\) and a timer`
		it, err := st.Get(ctx, id)
		if err == nil {
			return &it, nil
		}
		if !errors.Is(err, errItemNotFound) {
			return nil, err
		}
		time.Sleep(5 * time.Second)
	}
}

// Look-alike: five rounds of 1 s, 5 s in all.
func awaitItemQuick(ctx context.Context, st itemStore, id string) (polledItem, error) {
	for i := 0; i < 5; i++ {
		it, err := st.Get(ctx, id)
		if err == nil {
			return it, nil
		}
		if !errors.Is(err, errItemNotFound) {
			return polledItem{}, err
		}
		time.Sleep(time.Second)
	}
	return polledItem{}, errItemNotFound
}

// Look-alike: the wait ends with ctx.
func awaitItemSelect(ctx context.Context, st itemStore, id string) (polledItem, error) {
	for {
		it, err := st.Get(ctx, id)
		if err == nil {
			return it, nil
		}
		if !errors.Is(err, errItemNotFound) {
			return polledItem{}, err
		}
		select {
		case <-ctx.Done():
			return polledItem{}, ctx.Err()
		case <-time.After(5 * time.Second):
		}
	}
}

// Look-alike: no context in reach; a poll is how such code waits for a state.
func awaitItemNoContext(st itemStore, id string) (polledItem, error) {
	for {
		it, err := st.Lookup(id)
		if err == nil {
			return it, nil
		}
		if !errors.Is(err, errItemNotFound) {
			return polledItem{}, err
		}
		time.Sleep(5 * time.Second)
	}
}

type localItems struct {
	mu    sync.Mutex
	items map[string]polledItem
}

func (l *localItems) get(id string) (polledItem, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	it, ok := l.items[id]
	if !ok {
		return polledItem{}, errItemNotFound
	}
	return it, nil
}

// Look-alike: the attempt stays in the process; the wait is the poll's pace,
// as a wait for a path to appear is.
func awaitLocalItem(ctx context.Context, l *localItems, id string) (polledItem, error) {
	for {
		it, err := l.get(id)
		if err == nil {
			return it, nil
		}
		if !errors.Is(err, errItemNotFound) {
			return polledItem{}, err
		}
		time.Sleep(5 * time.Second)
	}
}
