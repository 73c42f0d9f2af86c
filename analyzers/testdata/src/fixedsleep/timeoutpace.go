package fixedsleep

import (
	"net"
	"net/http"
	"os"
	"strings"
)

// A retry that goes round only after a timeout has waited: the attempt ran
// until its own limit before it failed (pace_timeout.go). fetchValue is
// someerrorswait.go's.

// GOOD: a few tries, again at once only after a timeout.
func getAfterTimeouts(c *http.Client, u string, tries int) error {
	var err error
	for i := 1; i <= tries; i++ {
		err = fetchValue(c, u)
		if err != nil && os.IsTimeout(err) && i != tries {
			continue
		}
		return err
	}
	return err
}

// GOOD: the net.Error's own answer, read through an assertion.
func getAfterNetTimeout(c *http.Client, u string) error {
	var err error
	for try := 0; try < 2; try++ {
		err = fetchValue(c, u)
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			continue
		}
		return err
	}
	return err
}

// BAD: another error also goes round at once.
func getAfterTimeoutsOrText(c *http.Client, u string, tries int) error {
	var err error
	for i := 1; i <= tries; i++ { // want `retry loop tries again at once after a failure`
		err = fetchValue(c, u)
		if err != nil {
			if os.IsTimeout(err) && i != tries {
				continue
			} else if strings.Contains(err.Error(), "reset") {
				continue
			}
			return err
		}
		return nil
	}
	return err
}
