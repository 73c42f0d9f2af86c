package unboundedretry

import (
	"context"
	"time"
)

// The context parameter of an unexported function has a deadline when every
// call of the function in the package passes a context that got one in the
// calling function.

// GOOD: its only caller gives it a deadline.
func pollPeers(ctx context.Context) error {
	for {
		if err := dialOnce(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func StartPeers() error {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return pollPeers(ctx)
}

// GOOD: a forwarding wrapper's call, with the stop derived from such a
// parameter; both callers give it a deadline, one through its own caller.
func resolvePeers(ctx context.Context) error {
	retryCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	return every(time.Second, retryCtx.Done(), func() error { return lookup() })
}

func JoinPeers() error {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return resolvePeers(ctx)
}

func refreshPeers(ctx context.Context) error { return resolvePeers(ctx) }

func RefreshPeers(d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	valued := context.WithValue(ctx, peerKey{}, "refresh")
	return refreshPeers(valued)
}

type peerKey struct{}

// Look-alike: a second caller passes context.Background().
func pollMembers(ctx context.Context) error {
	for { // want `retry loop has no attempt limit and ends only through <-ctx.Done\(\), which never fires if the caller's context has no deadline`
		if err := dialOnce(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func StartMembers() error {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return pollMembers(ctx)
}

func RestartMembers() error { return pollMembers(context.Background()) }

// Look-alike: an exported function may be called from anywhere.
func PollNodes(ctx context.Context) error {
	for { // want `retry loop has no attempt limit and ends only through <-ctx.Done\(\), which never fires if the caller's context has no deadline`
		if err := dialOnce(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func StartNodes() error {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return PollNodes(ctx)
}

// Look-alike: a function also used as a value may be called with anything.
func pollZones(ctx context.Context) error {
	for { // want `retry loop has no attempt limit and ends only through <-ctx.Done\(\), which never fires if the caller's context has no deadline`
		if err := dialOnce(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

var zonePoller = pollZones

func StartZones() error {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return pollZones(ctx)
}

// Look-alike: a method may be reached through an interface.
type zoneSet struct{}

func (zoneSet) poll(ctx context.Context) error {
	for { // want `retry loop has no attempt limit and ends only through <-ctx.Done\(\), which never fires if the caller's context has no deadline`
		if err := dialOnce(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func StartZoneSet() error {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return zoneSet{}.poll(ctx)
}

// Look-alike: the caller hands on its own caller's context.
func pollRacks(ctx context.Context) error {
	for { // want `retry loop has no attempt limit and ends only through <-ctx.Done\(\), which never fires if the caller's context has no deadline`
		if err := dialOnce(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func StartRacks(ctx context.Context) error { return pollRacks(ctx) }
