// Package connectdep is a dependency whose functions reach another system
// in the two ways that matter to "retries every error" (retryscope:
// Region.MayBeRefused): Dial only connects, Fetch turns the server's status
// into its error, and CheckStatus stays in the process but reads a status.
// The engine's facts (Remote.ConnectsOnly, ReadsStatus) carry the difference
// to the packages that call them.
package connectdep

import (
	"errors"
	"net"
	"net/http"
)

// Dial opens a connection and closes it again.
func Dial(addr string) error {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	return c.Close()
}

// Fetch asks a server and fails on any status but a success.
func Fetch(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	return CheckStatus(resp)
}

// CheckStatus turns a status that is not a success into an error.
func CheckStatus(resp *http.Response) error {
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return errors.New(resp.Status)
	}
	return nil
}
