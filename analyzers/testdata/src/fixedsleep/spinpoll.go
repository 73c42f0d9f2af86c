package fixedsleep

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"
)

// A state poll with no wait at all asks the other system again as soon as
// its answer comes, for as long as the state lasts.

type rebalancer struct {
	client *http.Client
	url    string
	local  bool
}

// moving asks the server whether partitions are still moving.
func (b *rebalancer) moving() (bool, error) {
	resp, err := b.client.Get(b.url + "/moving")
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	var st struct{ Moving bool }
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		return false, err
	}
	return st.Moving, nil
}

var errSettleTimeout = errors.New("rebalance did not settle")

func (b *rebalancer) waitSettled() error {
	for { // want `poll loop asks again at once: no wait between polls, so while the state lasts it calls the other system as fast as the round trips allow; wait between polls, growing the wait to a cap`
		moving, err := b.moving()
		if err != nil {
			return err
		}
		if !moving {
			return nil
		}
	}
}

// The same with the error and the state tested in one condition, polled by
// a goroutine its caller stops waiting for.
func (b *rebalancer) waitSettledWithin(timeout time.Duration) error {
	done := make(chan error, 1)
	go func() {
		for { // want `poll loop asks again at once`
			if moving, err := b.moving(); err != nil || !moving {
				done <- err
				return
			}
		}
	}()
	select {
	case <-time.After(timeout):
		return errSettleTimeout
	case err := <-done:
		return err
	}
}

// movingWithin waits for its own work, with a timeout: the select returns
// as soon as the answer comes, so it is no pause between polls.
func (b *rebalancer) movingWithin(timeout time.Duration) (bool, error) {
	type answer struct {
		moving bool
		err    error
	}
	done := make(chan answer, 1)
	go func() {
		m, err := b.moving()
		done <- answer{m, err}
	}()
	deadline := time.After(timeout)
	select {
	case <-deadline:
		return false, errSettleTimeout
	case a := <-done:
		return a.moving, a.err
	}
}

func (b *rebalancer) waitSettledEach(timeout time.Duration) error {
	for { // want `poll loop asks again at once`
		if moving, err := b.movingWithin(timeout); err != nil || !moving {
			return err
		}
	}
}

// Not reported: a poll that sleeps between polls.
func (b *rebalancer) waitSettledSleeping() error {
	for {
		moving, err := b.moving()
		if err != nil || !moving {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Not reported: a poll that waits on a ticker, or on time.After in a select.
func (b *rebalancer) waitSettledTicking(stop chan struct{}) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		moving, err := b.moving()
		if err != nil || !moving {
			return err
		}
		select {
		case <-stop:
			return nil
		case <-t.C:
		}
	}
}

func (b *rebalancer) waitSettledAfter(stop chan struct{}) error {
	for {
		moving, err := b.moving()
		if err != nil || !moving {
			return err
		}
		select {
		case <-stop:
			return nil
		case <-time.After(time.Second):
		}
	}
}

// movingPaced waits a second inside its own work: each call is paced.
func (b *rebalancer) movingPaced(timeout time.Duration) (bool, error) {
	done := make(chan bool, 1)
	go func() {
		time.Sleep(time.Second)
		m, _ := b.moving()
		done <- m
	}()
	select {
	case <-time.After(timeout):
		return false, errSettleTimeout
	case m := <-done:
		return m, nil
	}
}

// Not reported: the goroutine the call waits for sleeps first.
func (b *rebalancer) waitSettledPaced(timeout time.Duration) error {
	for {
		if moving, err := b.movingPaced(timeout); err != nil || !moving {
			return err
		}
	}
}

// Not reported: a state of this process, no other system.
func (b *rebalancer) localMoving() (bool, error) { return b.local, nil }

func (b *rebalancer) waitLocal() error {
	for {
		moving, err := b.localMoving()
		if err != nil || !moving {
			return err
		}
	}
}

// watchFrom is a long poll: the server holds the answer until the state
// changes past the index it is handed.
func (b *rebalancer) watchFrom(index int) (int, bool, error) {
	resp, err := b.client.Get(b.url + "/moving?wait=1")
	if err != nil {
		return index, false, err
	}
	resp.Body.Close()
	return index + 1, true, nil
}

// Not reported: each round hands the server the index it saw last.
func (b *rebalancer) watchSettled() error {
	index := 0
	for {
		next, moving, err := b.watchFrom(index)
		if err != nil || !moving {
			return err
		}
		index = next
	}
}

// Not reported: each round does something with what it got, a worker's
// loop rather than a poll.
func (b *rebalancer) drainMoves(apply func(bool)) error {
	for {
		moving, err := b.moving()
		if err != nil {
			return err
		}
		apply(moving)
	}
}

// Not reported: a few quick tries, counted.
func (b *rebalancer) settledSoon() (bool, error) {
	for i := 0; ; i++ {
		moving, err := b.moving()
		if err != nil || !moving {
			return err == nil, err
		}
		if i >= 3 {
			return false, nil
		}
	}
}
