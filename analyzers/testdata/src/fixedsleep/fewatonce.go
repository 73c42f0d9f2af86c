package fixedsleep

// A few immediate tries (at most 5 rounds) cost a failing server a few more
// calls within the time the calls take: true that they do not wait, not
// worth a change. More rounds than that are a burst.

// GOOD: three tries at once.
func dialThreeTimes(addr string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = dial(addr); err == nil {
			return nil
		}
	}
	return err
}

// GOOD: five tries at once, counted from one.
func dialFiveTimes(addr string) error {
	var err error
	for attempt := 1; attempt <= 5; attempt++ {
		if err = dial(addr); err == nil {
			return nil
		}
	}
	return err
}

// BAD: six tries at once.
func dialSixTimes(addr string) error {
	var err error
	for attempt := 1; attempt <= 6; attempt++ { // want `retry loop tries again at once after a failure`
		if err = dial(addr); err == nil {
			return nil
		}
	}
	return err
}
