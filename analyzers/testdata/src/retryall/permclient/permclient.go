// Package permclient is a client of another package whose errors are marked
// permanent where they are made: out of reach of a retry in retryall.
package permclient

import (
	"errors"
	"io"

	backoff "github.com/cenkalti/backoff/v5"
)

func Do(err error) error {
	if errors.Is(err, io.EOF) {
		return err
	}
	if err != nil {
		return backoff.Permanent(err)
	}
	return nil
}
