package nojitter

import "time"

// A select with a default clause never blocks: a growing timer on one of its
// cases is no backoff (the loop tries again at once: fixedsleep's finding).
func growingTimerBesideDefault() error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(); err == nil {
			return nil
		}
		select {
		case <-time.After(base << attempt):
		default:
		}
	}
	return err
}

// Look-alike: without the default, the select waits base << attempt.
func growingTimerWithoutDefault() error {
	var err error
	for attempt := 0; attempt < 8; attempt++ { // want `retry backoff base << attempt grows but has no jitter`
		if err = call(); err == nil {
			return nil
		}
		select {
		case <-time.After(base << attempt):
		}
	}
	return err
}
