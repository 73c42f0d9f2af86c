package sleepnoctx

import (
	"context"
	"time"
)

// A wait unit the package sets only to constants (an unexported field) is at
// most the largest of them, and a count that every call passes as a constant
// caps a range over an int: the time a cancellation is held has a ceiling.

type fuClient struct{ unit, slowUnit time.Duration }

func newFUClient() *fuClient { return &fuClient{unit: time.Second, slowUnit: 5 * time.Second} }

// GOOD: three tries, 1 + 2 + 3 s at most, every caller passing 3.
func (c *fuClient) fuDelete(ctx context.Context, tries int) error {
	var err error
	for i := range time.Duration(tries) {
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep((i + 1) * c.unit)
	}
	return err
}

func (c *fuClient) fuDeleteThree(ctx context.Context) error { return c.fuDelete(ctx, 3) }

// BAD: one caller passes 6: 21 s that ignore ctx.
func (c *fuClient) fuPost(ctx context.Context, tries int) error {
	var err error
	for i := range time.Duration(tries) { // want `ignores cancellation`
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep((i + 1) * c.unit)
	}
	return err
}

func (c *fuClient) fuPostThree(ctx context.Context) error { return c.fuPost(ctx, 3) }
func (c *fuClient) fuPostSix(ctx context.Context) error   { return c.fuPost(ctx, 6) }

// BAD: a 5 s unit: 5 + 10 + 15 s.
func (c *fuClient) fuGet(ctx context.Context) error {
	var err error
	for i := range 3 { // want `ignores cancellation`
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * c.slowUnit)
	}
	return err
}
