package httptimeout

import (
	"context"
	"net/http"
)

// A package-level client that the package's own code only stores into (or
// compares with nil) sends nothing: a parameter of the same name is another
// variable, and a test that swaps in a mock sends no production request.

type deadDoer interface {
	Do(*http.Request) (*http.Response, error)
}

var deadClient deadDoer

func init() {
	deadClient = &http.Client{} // GOOD: dead variable, no request is ever sent with it
}

func fetchShadowed(ctx context.Context, deadClient deadDoer, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	res, err := deadClient.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

var deadChecked *http.Client

func resetDeadChecked() {
	if deadChecked == nil {
		deadChecked = &http.Client{} // GOOD: only stored and nil-checked
	}
}

// Look-alikes: one read by production code keeps the variable followed.

var readOnce *http.Client

func init() {
	readOnce = &http.Client{} // want `http.Client has no Timeout`
}

// BAD: a send without a deadline.
func pingReadOnce(u string) error {
	res, err := readOnce.Get(u)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

var handedOut deadDoer

func init() {
	handedOut = &http.Client{} // want `http.Client has no Timeout`
}

// BAD: the variable is handed to a function that sends without a deadline.
func sendHandedOut(u string) error {
	return sendVia(handedOut, u)
}

func sendVia(d deadDoer, u string) error {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	res, err := d.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// An exported variable can be read by other packages.
var DeadExported *http.Client

func init() {
	DeadExported = &http.Client{} // want `http.Client has no Timeout`
}
