// Package regionstory holds retry regions that several rules report: their
// findings share the region's position and each says only its own claim.
package regionstory

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errNotFound = errors.New("not found")

// get asks another system, which may refuse: the rules report only such
// attempts.
func get(ctx context.Context, url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return errors.New(resp.Status)
	}
	return nil
}

// fourWays retries every error, at a constant pace, without watching ctx,
// forever: four rules, one position (the for keyword).
func fourWays(ctx context.Context, url string) error {
	for { // region: fourWays
		if err := get(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second) // wait: fourWays
	}
}

// oneWay is wrong only in its pace: it classifies, counts and watches ctx.
func oneWay(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 20; i++ { // region: oneWay
		if err = get(ctx, url); err == nil || errors.Is(err, errNotFound) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second): // wait: oneWay
		}
	}
	return err
}

// twoRegions holds two retry loops: each finding is at its own loop.
func twoRegions(ctx context.Context, a, b string) error {
	var err error
	for i := 0; i < 20; i++ { // region: twoRegions.first
		if err = get(ctx, a); err == nil || errors.Is(err, errNotFound) {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second): // wait: twoRegions.first
		}
	}
	for i := 0; i < 20; i++ { // region: twoRegions.second
		if err = get(ctx, b); err == nil || errors.Is(err, errNotFound) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second): // wait: twoRegions.second
		}
	}
	return err
}

// ignoredAtWait keeps a directive written above the sleep, before findings
// moved to the loop: it still silences fixedsleep, and only fixedsleep.
func ignoredAtWait(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 20; i++ { // region: ignoredAtWait
		if err = get(ctx, url); err == nil || errors.Is(err, errNotFound) {
			return err
		}
		//retrylint:ignore fixedsleep the server asks for a steady five-second pace
		time.Sleep(5 * time.Second) // wait: ignoredAtWait
	}
	return err
}

// ignoredAtLoop silences sleepnoctx with a directive above the loop.
func ignoredAtLoop(ctx context.Context, url string) error {
	var err error
	//retrylint:ignore sleepnoctx the caller's deadline is a few seconds away anyway
	for i := 0; i < 20; i++ { // region: ignoredAtLoop
		if err = get(ctx, url); err == nil || errors.Is(err, errNotFound) {
			return err
		}
		time.Sleep(5 * time.Second) // wait: ignoredAtLoop
	}
	return err
}
