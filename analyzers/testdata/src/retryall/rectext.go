package retryall

import (
	"errors"
	"strings"
	"time"
)

// A recursive retry that calls itself only when the error's text names one
// failure, and returns every other error, tells errors apart, as the same
// test does in a loop (errtext.go).
func waitForText(sel string, n int) (int, error) {
	n--
	if n < 0 {
		return 0, errTooMany
	}
	v, err := createNamedText(sel)
	if err != nil {
		if strings.Contains(err.Error(), "context destroyed") {
			time.Sleep(time.Second)
			return waitForText(sel, n)
		}
		if strings.HasSuffix(err.Error(), "not visible") {
			time.Sleep(time.Second)
			return waitForText(sel, n)
		}
	}
	return v, err
}

// Look-alike: the text is only logged; every error calls again.
func waitForLogged(sel string, n int, logf func(string)) (int, error) {
	if n <= 0 {
		return 0, errTooMany
	}
	v, err := createNamedText(sel)
	if err != nil {
		if strings.Contains(err.Error(), "context destroyed") {
			logf("destroyed")
		}
		time.Sleep(time.Second)
		return waitForLogged(sel, n-1, logf) // want `recursive retry calls itself again on every error`
	}
	return v, err
}

// Look-alike: both sides of the text test call again.
func waitForBothSides(sel string, n int) (int, error) {
	if n <= 0 {
		return 0, errTooMany
	}
	v, err := createNamedText(sel)
	if err != nil {
		if strings.Contains(err.Error(), "context destroyed") {
			time.Sleep(time.Second)
			return waitForBothSides(sel, n-1) // want `recursive retry calls itself again on every error`
		}
		time.Sleep(2 * time.Second)
		return waitForBothSides(sel, n-1)
	}
	return v, err
}

var errTooMany = errors.New("retry threshold reached")

func createNamedText(string) (int, error) { reach(); return 0, nil }
