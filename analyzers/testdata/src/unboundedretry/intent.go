package unboundedretry

import (
	"context"
	"time"
)

// A comment in the function, above the loop or call, that says it goes round
// with no end records the author's choice: the finding would only repeat it.

// GOOD: the comment says so.
func connectForever() {
	// Retry to connect indefinitely: the broker may be down for hours.
	for {
		if err := call(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: a doc comment tells callers what the function does; it is as
// often a warning as a choice.
//
// keepReconnecting keeps reconnecting forever, until the connection is up.
func keepReconnecting() {
	for { // want `retry loop has no attempt limit and no deadline`
		if err := call(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// GOOD: at a call of a forwarding wrapper (see forwarding.go), the comment
// in the calling function, above the retry.
func producerForever() (int, error) {
	// Retry to create the producer indefinitely.
	op := func() (int, error) { return produce(context.Background()) }
	return Retry(context.Background(), op, func(error) time.Duration { return time.Second })
}

// Look-alike: the comment says the opposite.
func connectNotForever() {
	// Do not retry forever.
	for { // want `retry loop has no attempt limit and no deadline`
		if err := call(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the comment's endlessness is the handshake's.
func connectBlocking() {
	// The handshake may block forever on a silent peer.
	for { // want `retry loop has no attempt limit and no deadline`
		if err := call(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the comment is in another function.
func unrelatedComment() {
	// Retry forever.
}

func connectAfterComment() {
	for { // want `retry loop has no attempt limit and no deadline`
		if err := call(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
	// Below the loop, about what follows: retry forever.
}

// Look-alike: the comment stands below the call.
func producerCommentAfter() (int, error) {
	v, err := Retry(context.Background(), func() (int, error) { // want `unboundedretry.Retry retries until the callback succeeds`
		return produce(context.Background())
	}, func(error) time.Duration { return time.Second })
	// the next step retries indefinitely
	return v, err
}

// Look-alike: the comment describes a default, not a choice.
func connectDefault() {
	// The loop below retries forever by default when no limit is configured.
	for { // want `retry loop has no attempt limit and no deadline`
		if err := call(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the comment flags the endless retry as a problem.
func connectTodo() {
	// TODO: this retries forever; add a limit.
	for { // want `retry loop has no attempt limit and no deadline`
		if err := call(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
