package retryall

import (
	"strings"
	"time"
)

// A retry that goes round only when the failure's text matches tells errors
// apart: matching err.Error() is a classification (brittle, but one), in a
// helper's goto loop as in a for loop, whether the text is tested in place or
// in a local assigned once from err.Error().

// GOOD at the calls: the helper goes round only on a lock error's text.
func lockRetry(op func(attempt int) error, max int) error {
	attempt := 1

Retry:
	err := op(attempt)

	if err != nil && attempt <= max {
		errStr := err.Error()
		if strings.Contains(errStr, "database is locked") ||
			strings.Contains(errStr, "table is locked") {
			time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
			attempt++
			goto Retry
		}
	}

	return err
}

func saveLocked() error {
	return lockRetry(func(int) error { _, err := create(nil); return err }, 12)
}

// GOOD: the same test in place, in a for loop helper.
func busyRetry(op func() error) error {
	var err error
	for i := 0; i < 5; i++ {
		err = op()
		if err == nil || !strings.HasSuffix(err.Error(), "busy") {
			return err
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

func saveBusy() error {
	return busyRetry(func() error { _, err := create(nil); return err })
}

// GOOD: an exact text, or a case-blind one, in a goto loop of its own.
func createUnlessText() (int, error) {
	tries := 0
again:
	v, err := create(nil)
	if err != nil && tries < 5 {
		if msg := err.Error(); msg == "timeout" || strings.EqualFold(msg, "Unavailable") {
			tries++
			time.Sleep(time.Second)
			goto again
		}
	}
	return v, err
}

// Look-alike: the text is only logged; both sides go round.
func logRetry(op func() error, logf func(string)) error {
	tries := 0
Retry:
	err := op()
	if err != nil && tries < 5 {
		errStr := err.Error()
		if strings.Contains(errStr, "locked") {
			logf("locked")
		}
		tries++
		time.Sleep(time.Second)
		goto Retry
	}
	return err
}

func saveLogged(logf func(string)) error {
	return logRetry(func() error { _, err := create(nil); return err }, logf) // want `retryall.logRetry retries every error the callback returns`
}

// Look-alike: every error has a text, so a test for an empty one tells
// nothing apart.
func emptyTextRetry(op func() error) error {
	tries := 0
Retry:
	err := op()
	if err != nil && tries < 5 {
		if errStr := err.Error(); errStr != "" {
			tries++
			time.Sleep(time.Second)
			goto Retry
		}
	}
	return err
}

func saveEmptyText() error {
	return emptyTextRetry(func() error { _, err := create(nil); return err }) // want `retryall.emptyTextRetry retries every error the callback returns`
}

// Look-alike: the text tested is the operation's name, not the error's.
func namedRetry(name string, op func() error) error {
	tries := 0
Retry:
	err := op()
	if err != nil && tries < 5 {
		if strings.Contains(name, "db") {
			tries++
			time.Sleep(time.Second)
			goto Retry
		}
	}
	return err
}

func saveNamed() error {
	return namedRetry("db", func() error { _, err := create(nil); return err }) // want `retryall.namedRetry retries every error the callback returns`
}

// Look-alike: in a for loop too, a text test whose only work is a log line
// retries every error alike.
func createLoggingText(logf func(string)) (int, error) {
	for i := 0; i < 5; i++ { // want `retry loop retries every error alike`
		v, err := create(nil)
		if err == nil {
			return v, nil
		}
		if strings.Contains(err.Error(), "locked") {
			logf("locked")
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return 0, errDenied
}
