package loops

import (
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// A fresh random or clock value passed to an attempt makes a search only when
// the loop goes on to the next candidate at once. A loop that waits after each
// failure paces an operation that is failing: the value is a stamp on the same
// operation (a message ID, an idempotency key made anew: idempotencykey's
// case), and the loop is a retry.

func publish(id string, payload []byte) error { return nil }

// A new message ID on each attempt, a sleep after each failure: the same
// payload is published again.
func publishNewID(payload []byte) error {
	for i := 0; i < 5; i++ { // want `retry loop classified=false bounded=true max=5 wait=sleep/const`
		if err := publish(uuid.NewString(), payload); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// A clock-made key with a wait between attempts: the write is retried.
func writeStampedKey(s kv, prefix, val string) error {
	for i := 0; i < 3; i++ { // want `retry loop classified=false bounded=true max=3 wait=sleep/const`
		key := fmt.Sprintf("%s/%v", prefix, time.Now().UnixNano())
		if _, err := s.putNew(key, val); err == nil {
			return nil
		}
		time.Sleep(500 * time.Millisecond)
	}
	return errors.New("gave up")
}

// The same shape without a wait is a search for a free key.
func freeStampedKey(s kv, prefix, val string) (string, error) {
	for i := 0; i < 3; i++ {
		key := fmt.Sprintf("%s/%v", prefix, time.Now().UnixNano())
		if _, err := s.putNew(key, val); err == nil {
			return key, nil
		}
	}
	return "", errors.New("no free key")
}
