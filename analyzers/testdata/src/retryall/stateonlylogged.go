package retryall

import (
	"log"
	"net/http"
	"sync"

	"k8s.io/apimachinery/pkg/util/wait"
)

// A condition that looks at a call's error only to log it, and answers from
// a state it reads either way, retries no error; so does one whose call's
// error comes back through a helper whose error is only logged. One that
// answers "not yet" in the logging branch, or keeps the error for its
// answer, retries it.

func (c *peerConn) resync() error {
	resp, err := http.Post(c.url+"/resync", "text/plain", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func underLock(mu *sync.Mutex, fn func() error) error {
	mu.Lock()
	defer mu.Unlock()
	return fn()
}

// Quiet: the errors are logged; the answer is the connection's state.
func waitResynced(c *peerConn, mu *sync.Mutex) error {
	return wait.ExponentialBackoff(stateBackoff, func() (bool, error) {
		if err := underLock(mu, func() error { return c.resync() }); err != nil {
			log.Printf("resync: %v", err)
		}
		if err := c.resync(); err != nil {
			log.Print(err)
		}
		return c.GetState() == stateReady, nil
	})
}

// Reported: the logging branch answers "not yet".
func waitResyncLogged(c *peerConn) error {
	return wait.ExponentialBackoff(stateBackoff, func() (bool, error) { // want `wait.ExponentialBackoff retries every error the callback returns`
		if err := c.resync(); err != nil {
			log.Print(err)
			return false, nil
		}
		return c.GetState() == stateReady, nil
	})
}

// Reported: the error is kept, and the answer is made of it.
func waitResyncKept(c *peerConn) error {
	var last error
	return wait.ExponentialBackoff(stateBackoff, func() (bool, error) { // want `wait.ExponentialBackoff retries every error the callback returns`
		if err := c.resync(); err != nil {
			last = err
		}
		return last == nil && c.GetState() == stateReady, nil
	})
}
