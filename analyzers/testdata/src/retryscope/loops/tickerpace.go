package loops

import (
	"context"
	"log"
	"time"
)

// A ticker paces a retry as a constant sleep does: the loop goes round on a
// failure, waits for the next tick, and leaves when the attempt succeeds.

type registrar struct{ quit chan struct{} }

// A break in a select clause ends the clause, not the loop: the next tick.
func (p *registrar) rangeTickerSelectBreak() error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C { // want `retry loop classified=false bounded=true deadline\(local=false\) wait=ticker/const$`
		select {
		case <-p.quit:
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

func rangeTickerContinue() error {
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for range t.C { // want `retry loop classified=false bounded=false wait=ticker/const$`
		if err := call(); err != nil {
			continue
		}
		return nil
	}
	return nil
}

// The attempt opens the tick's clause.
func selectTickClause(ctx context.Context) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for { // want `retry loop classified=false bounded=true deadline\(local=false\) wait=ticker/const/cancellable ctx=ctx$`
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

// The value a clause receives opens its block; the condition after it is
// still the attempt's test.
func selectTickValue(ctx context.Context) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for { // want `retry loop classified=false bounded=true deadline\(local=false\) wait=ticker/const/cancellable ctx=ctx$`
		select {
		case <-ctx.Done():
			return ctx.Err()
		case now := <-t.C:
			if err := callCtx(ctx); err == nil {
				return nil
			}
			_ = now
		}
	}
}

// Look-alike: a periodic task never leaves on success.
func rangeTickerPeriodic() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C {
		if err := call(); err != nil {
			log.Print(err)
		}
	}
}

// Look-alike: the same task in a select clause, stopped by its context.
func selectTickPeriodic(ctx context.Context) {
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

// Look-alike: a clause that handles the value it receives is an event loop;
// its first condition tests the event, not an attempt.
func selectEvents(ctx context.Context, events chan error) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-events:
			if err == nil {
				return nil
			}
			log.Print(err)
		}
	}
}

// A timer's channel fires once: ranging over it paces nothing after the first
// round (the loop is still a retry, with no wait of its own).
func rangeTimer() error {
	t := time.NewTimer(time.Second)
	for range t.C { // want `retry loop classified=false bounded=false$`
		if err := call(); err == nil {
			return nil
		}
	}
	return nil
}
