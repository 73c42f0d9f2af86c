package unboundedretry

import (
	"log"
	"time"
)

// A ticker paces a retry like a sleep: with no stop, nothing bounds it.
func registerEachTick() error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C { // want `retry loop has no attempt limit and no deadline`
		if err := call(); err != nil {
			log.Print(err)
			continue
		}
		return nil
	}
	return nil
}

type publisher struct{ quit chan struct{} }

// GOOD: the owner's quit channel, checked on every tick, ends the retry.
func (p *publisher) keepRegistered() error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C {
		select {
		case <-p.quit:
			return nil
		default:
			if err := call(); err != nil {
				log.Print(err)
				break // the next tick
			}
			return nil
		}
	}
	return nil
}

// Look-alike: a periodic task that never leaves on success is no retry.
func (p *publisher) syncEachTick() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C {
		if err := call(); err != nil {
			log.Print(err)
		}
	}
}
