package fixedsleep

import "time"

// A forwarding wrapper takes the operation and the wait from its caller: the
// constant wait is each caller's choice, not the wrapper's.

// GOOD at the wrapper.
func withRetries(n int, sleep time.Duration, op func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(sleep)
	}
	return err
}

// Look-alike: the wrapper chooses the wait itself.
func withRetriesFixed(n int, op func() error) error {
	var err error
	for i := 0; i < n; i++ { // want `retry loop waits the same time.Second before every attempt`
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Look-alike: the wait comes from the caller, the operation does not; the
// function, not its caller, decides what is retried and how.
func callEvery(n int, sleep time.Duration) error {
	var err error
	for i := 0; i < n; i++ { // want `retry loop waits the same sleep before every attempt`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(sleep)
	}
	return err
}

func writeRows() error { return call() }

// The caller of a wrapper that waits what it is given decides the wait: zero
// retries at once.
func writeNoWait() error {
	return withRetries(5, 0, func() error { // want `fixedsleep.withRetries retries at once: the wait passed to it is 0`
		return writeRows()
	})
}

// GOOD: the caller passes a wait.
func writeWithWait() error {
	return withRetries(5, time.Second, writeRows)
}

// A wrapper that hands its wait on to another one waits what its caller
// passes too.
func withRetriesNoLog(n int, sleep time.Duration, op func() error) error {
	return withRetries(n, sleep, op)
}

func writeNoWaitDelegated() error {
	return withRetriesNoLog(5, 0, writeRows) // want `fixedsleep.withRetriesNoLog retries at once: the wait passed to it is 0`
}

// Look-alike: a wrapper that picks its own wait; the argument is a count.
func writeFixedWrapper() error {
	return withRetriesFixed(20, writeRows)
}
