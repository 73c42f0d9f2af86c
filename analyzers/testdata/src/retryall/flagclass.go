package retryall

import (
	"context"
	"errors"
	"strings"
	"time"
)

// A failure way may test the error first and decide later: a loop over
// known messages or sentinel errors sets a flag on a match, or a set keyed
// by the error's text answers whether it is known. The test of the flag (or
// of the answer) decides going round or leaving as a test of the error in
// place would: the retry classifies, and so do the calls of a wrapper whose
// loop it is.

var passingTexts = []string{"lock wait", "connection reset", "try again"}

var passingErrs = []error{errBusyFlag, errGoneAwayFlag}

var (
	errBusyFlag     = errors.New("busy")
	errGoneAwayFlag = errors.New("gone away")
)

var passingSet = map[string]struct{}{"lock wait": {}, "try again": {}}

var passingCodes = map[string]bool{"lock wait": true, "try again": true}

// GOOD at the calls: the wrapper goes round only when the text contains one
// of the listed messages, and returns otherwise.
func retryListed(op func() error) {
	for i := 1; i <= 20; i++ {
		err := op()
		if err == nil {
			return
		}
		again := false
		for _, m := range passingTexts {
			if strings.Contains(err.Error(), m) {
				time.Sleep(time.Duration(i) * 50 * time.Millisecond)
				again = true
				break
			}
		}
		if !again {
			return
		}
	}
}

// retryListedErr is the wrapper handing back the last error.
func retryListedErr(op func() error) error {
	var err error
	retryListed(func() error {
		err = op()
		return err
	})
	return err
}

func saveListed(ctx context.Context) {
	retryListed(func() error { _, err := create(ctx); return err })
}

func saveListedErr(ctx context.Context) error {
	return retryListedErr(func() error { _, err := create(ctx); return err })
}

// GOOD: the flag says the error is permanent; a match leaves.
func createUnlessListed(ctx context.Context) (int, error) {
	for i := 0; i < 20; i++ {
		v, err := create(ctx)
		if err == nil {
			return v, nil
		}
		msg := err.Error()
		permanent := false
		for _, p := range passingTexts {
			if strings.HasPrefix(msg, p) {
				permanent = true
			}
		}
		if permanent {
			return 0, err
		}
		time.Sleep(time.Second)
	}
	return 0, errDenied
}

// GOOD: a list of sentinel errors, matched with errors.Is.
func createWhileSentinel(ctx context.Context) (int, error) {
	for i := 0; i < 20; i++ {
		v, err := create(ctx)
		if err == nil {
			return v, nil
		}
		var known bool
		for _, s := range passingErrs {
			if errors.Is(err, s) {
				known = true
				break
			}
		}
		if !known {
			return 0, err
		}
		time.Sleep(time.Second)
	}
	return 0, errDenied
}

// GOOD: a set keyed by the error's text.
func createWhileInSet(ctx context.Context) (int, error) {
	for i := 0; i < 20; i++ {
		v, err := create(ctx)
		if err == nil {
			return v, nil
		}
		if _, ok := passingSet[err.Error()]; !ok {
			return 0, err
		}
		time.Sleep(time.Second)
	}
	return 0, errDenied
}

// GOOD: a bool map keyed by the error's text, tested in place.
func createWhileMarked(ctx context.Context) (int, error) {
	for i := 0; i < 20; i++ {
		v, err := create(ctx)
		if err == nil {
			return v, nil
		}
		if !passingCodes[err.Error()] {
			return 0, err
		}
		time.Sleep(time.Second)
	}
	return 0, errDenied
}

// GOOD: a helper's answer over the error, kept in a flag.
func createWhileHelperSays(ctx context.Context) (int, error) {
	for i := 0; i < 20; i++ {
		v, err := create(ctx)
		if err == nil {
			return v, nil
		}
		transient := listedText(err)
		if !transient {
			return 0, err
		}
		time.Sleep(time.Second)
	}
	return 0, errDenied
}

func listedText(err error) bool {
	for _, m := range passingTexts {
		if strings.Contains(err.Error(), m) {
			return true
		}
	}
	return false
}

// Look-alike: the flag only changes what is logged; every error goes round.
func retryListedLogged(op func() error, logf func(string)) {
	for i := 1; i <= 20; i++ {
		err := op()
		if err == nil {
			return
		}
		known := false
		for _, m := range passingTexts {
			if strings.Contains(err.Error(), m) {
				known = true
				break
			}
		}
		if !known {
			logf("unknown failure")
		}
		time.Sleep(time.Duration(i) * 50 * time.Millisecond)
	}
}

func saveListedLogged(ctx context.Context, logf func(string)) {
	retryListedLogged(func() error { _, err := create(ctx); return err }, logf) // want `retryall.retryListedLogged retries every error the callback returns`
}

// Look-alike: the range body sets the flag for every error.
func retryFlagAlways(op func() error, logf func(string)) {
	for i := 1; i <= 20; i++ {
		err := op()
		if err == nil {
			return
		}
		again := false
		for _, m := range passingTexts {
			logf(m)
			again = true
		}
		if !again {
			return
		}
		time.Sleep(time.Duration(i) * 50 * time.Millisecond)
	}
}

func saveFlagAlways(ctx context.Context, logf func(string)) {
	retryFlagAlways(func() error { _, err := create(ctx); return err }, logf) // want `retryall.retryFlagAlways retries every error the callback returns`
}

// Look-alike: the list test's result is never tested.
func createMatchIgnored(ctx context.Context) (int, error) {
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		v, err := create(ctx)
		if err == nil {
			return v, nil
		}
		matched := false
		for _, m := range passingTexts {
			if strings.Contains(err.Error(), m) {
				matched = true
			}
		}
		_ = matched
		time.Sleep(time.Second)
	}
	return 0, errDenied
}

// Look-alike: the set is keyed by the operation's name, not by the error.
func createWhileNameMarked(ctx context.Context, name string) (int, error) {
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		v, err := create(ctx)
		if err == nil {
			return v, nil
		}
		if !passingCodes[name] {
			return 0, err
		}
		time.Sleep(time.Second)
	}
	return 0, errDenied
}

// Look-alike: the flag is set from something other than the error.
func createWhileFlagOther(ctx context.Context, name string) (int, error) {
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		v, err := create(ctx)
		if err == nil {
			return v, nil
		}
		again := false
		for _, m := range passingTexts {
			if strings.Contains(name, m) {
				again = true
			}
		}
		if !again {
			return 0, err
		}
		time.Sleep(time.Second)
	}
	return 0, errDenied
}

// Look-alike: the flag is set before the loop and never cleared, so once a
// listed error set it, every later error goes round whatever it is.
func createWhileFlagKept(ctx context.Context) (int, error) {
	again := false
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		v, err := create(ctx)
		if err == nil {
			return v, nil
		}
		for _, m := range passingTexts {
			if strings.Contains(err.Error(), m) {
				again = true
			}
		}
		if !again {
			return 0, err
		}
		time.Sleep(time.Second)
	}
	return 0, errDenied
}
