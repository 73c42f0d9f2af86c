package fixedsleep

import (
	"context"
	"log"
	"time"
)

// A retry paced by a ticker waits its constant period before every attempt,
// like time.Sleep(period): the loop goes round on a failure and leaves when
// the attempt succeeds.

func rangeTickerRetry() error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C { // want `retry loop waits the same time.Second before every attempt \(a ticker\)`
		if err := call(); err != nil {
			log.Print(err)
			continue
		}
		return nil
	}
	return nil
}

// A break in a select clause ends the clause: the loop goes round to the next
// tick. The stop is a parameter, the caller's, so callers may be many.
func rangeTickerSelectBreak(quit chan struct{}) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C { // want `retry loop waits the same time.Second before every attempt \(a ticker\)`
		select {
		case <-quit:
			return nil
		default:
			if err := call(); err != nil {
				log.Print(err)
				break
			}
			return nil
		}
	}
	return nil
}

func selectTickRetry(ctx context.Context) error {
	t := time.NewTicker(3 * time.Second)
	defer t.Stop()
	for { // want `retry loop waits the same 3 \* time.Second before every attempt \(a ticker\)`
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if err := callCtx(ctx); err != nil {
				break
			}
			return nil
		}
	}
}

// Look-alike: a periodic task goes round after success too.
func rangeTickerSync() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C {
		if err := call(); err != nil {
			log.Print(err)
		}
	}
}

// Look-alike: the same task in a select clause.
func selectTickSync(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := callCtx(ctx); err != nil {
				log.Print(err)
				break
			}
			log.Print("synced")
		}
	}
}

type tickJob struct{ Done bool }

func jobState() (tickJob, error) { reach(); return tickJob{}, nil }

// Look-alike: a poll whose success is a state, not the call not failing.
func rangeTickerPoll() error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C {
		j, err := jobState()
		if err != nil {
			return err
		}
		if j.Done {
			return nil
		}
	}
	return nil
}

type registrar struct{ quit chan struct{} }

// Look-alike: a component's own loop, stopped by its owner's quit channel,
// paces one caller, as with time.Sleep (Region.PacesOneProcess).
func (r *registrar) keepRegistered() error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C {
		select {
		case <-r.quit:
			return nil
		default:
			if err := call(); err != nil {
				break
			}
			return nil
		}
	}
	return nil
}

// Look-alike: a timer's channel fires once; the loop waits on it, so it does
// not try again at once, and its second round waits forever: no constant pace
// to claim either.
func rangeTimerOnce() error {
	t := time.NewTimer(time.Second)
	for range t.C {
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}
