package nojitter

import "time"

// A wait unit the package sets only to constants (an unexported field) is at
// most the largest of them, and a count that every call passes as a constant
// caps a range over an int as it caps i < n. A wait after the last try only
// delays giving up: three tries that wait 1 s, 2 s and 3 s after each
// failure make their calls at 0, 1 and 3 s.

type fuClient struct{ unit time.Duration }

func newFUClient() *fuClient { return &fuClient{unit: time.Second} }

// GOOD: three calls within 3 s, every caller passing 3.
func (c *fuClient) fuDelete(tries int) error {
	var err error
	for i := range time.Duration(tries) {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep((i + 1) * c.unit)
	}
	return err
}

func (c *fuClient) fuDeleteThree() error { return c.fuDelete(3) }

// BAD: one caller passes 8: seven growing waits, 28 s of calls in step.
func (c *fuClient) fuPost(tries int) error {
	var err error
	for i := range time.Duration(tries) { // want `grows but has no jitter`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep((i + 1) * c.unit)
	}
	return err
}

func (c *fuClient) fuPostThree() error { return c.fuPost(3) }
func (c *fuClient) fuPostEight() error { return c.fuPost(8) }

// BAD: the wait comes before each call, so all three precede one: 6 s.
func (c *fuClient) fuWaitFirst() error {
	var err error
	for i := range 3 { // want `grows but has no jitter`
		time.Sleep(time.Duration(i+1) * c.unit)
		if err = call(); err == nil {
			return nil
		}
	}
	return err
}

type fuSlowClient struct{ unit time.Duration }

func newFUSlowClient(fast bool) *fuSlowClient {
	if fast {
		return &fuSlowClient{unit: time.Second}
	}
	return &fuSlowClient{unit: time.Minute}
}

// BAD: the unit may be a minute.
func (c *fuSlowClient) fuGet() error {
	var err error
	for i := range 3 { // want `grows but has no jitter`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * c.unit)
	}
	return err
}

// FUOpenClient's Unit is exported: any importer may set it.
type FUOpenClient struct{ Unit time.Duration }

// BAD: no ceiling the package can see.
func (c *FUOpenClient) fuPut() error {
	var err error
	for i := range 3 { // want `grows but has no jitter`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * c.Unit)
	}
	return err
}
