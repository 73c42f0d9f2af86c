package retryall

import (
	"context"
	"errors"
	"time"
)

// The error of a failed attempt can be told apart where the loop goes round
// to: `continue` carries it to the loop's head, which returns on permanent
// errors before the attempt runs again. That classifies the failure as
// surely as a test on the failure branch itself. A test at the head that
// only logs, or that tests something other than the error, does not.

var errNoSuchRecord = errors.New("no such record")

// retryableAfter answers whether an error is worth another attempt.
func retryableAfter(err error) (bool, error) {
	if errors.Is(err, errNoSuchRecord) {
		return false, err
	}
	return true, nil
}

func validName(name string) error {
	if name == "" {
		return errNoSuchRecord
	}
	return nil
}

// GOOD: the head returns the permanent errors carried by `continue`.
func resumeClassifiedAtHead(ctx context.Context) error {
	var err error
	for {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			retry, final := retryableAfter(err)
			if !retry {
				return final
			}
			time.Sleep(time.Duration(1+len(final.Error())) * time.Second)
		}
		err = send()
		if err != nil {
			continue
		}
		return nil
	}
}

// GOOD: the same test as a condition of the head, written errors.Is.
func resumeLeavingOnPermanent() error {
	var err error
	for i := 0; i < 20; i++ {
		if errors.Is(err, errNoSuchRecord) {
			return err
		}
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}

// BAD: the head tests an error of its own making, not the attempt's.
func resumeTestingOwnErrorAtHead(name string) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if invalid := validName(name); errors.Is(invalid, errNoSuchRecord) {
			return invalid
		}
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}

// BAD: the head leaves on a cancelled context, which tells no errors apart.
func resumeCheckingContextAtHead(ctx context.Context) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}
