// Package bodyless declares functions without a body, as assembly and
// go:linkname do, and retries them: in a loop, through a function whose body
// is searched for waits, and as a retry helper's callback. What such a
// function does is out of reach, so no rule claims it reaches another
// system; only the wait that cannot be cancelled is reported.
package bodyless

import (
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
)

// call is implemented in bodyless.s. The loop in fetch calls it with no wait
// of its own, so the engine looks for a wait in call's (missing) body.
func call() error

func fetch() error {
	var err error
	for i := 0; i < 8; i++ {
		if err = call(); err == nil {
			return nil
		}
	}
	return errors.Join(err)
}

func retryLoop() error {
	var err error
	for i := 0; i < 3; i++ { // want "sleepnoctx: cannot be cancelled"
		if err = fetch(); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return err
}

func helper() error {
	return retry.Do(call)
}

// usleep is implemented in bodyless.s too, and read as a wait by its name.
// A receive-shaped loop that calls it asks whether it only waits for its
// own work: its missing body cannot say.
func usleep(usec uint32)

func receive(items chan<- int) {
	for {
		usleep(10)
		if err := call(); err != nil {
			continue
		}
		items <- 1
	}
}
