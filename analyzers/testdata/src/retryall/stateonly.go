package retryall

import (
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// A condition that holds no error a call returns goes round on a state it
// reads, not on a failure: it retries no error. One that swallows a call's
// error and answers "not yet" retries every error of that call.

type connState int

const (
	stateIdle connState = iota
	stateReady
)

type peerConn struct{ url string }

func (c *peerConn) GetState() connState {
	resp, err := http.Get(c.url + "/state")
	if err != nil {
		return stateIdle
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusOK {
		return stateReady
	}
	return stateIdle
}

func (c *peerConn) Connect() {
	resp, err := http.Post(c.url+"/connect", "text/plain", nil)
	if err == nil {
		resp.Body.Close()
	}
}

var stateBackoff = wait.Backoff{Duration: time.Second, Factor: 2, Jitter: 0.1, Steps: 10}

// Reported: the call's error is swallowed into "not yet".
func waitPingUp(url string) error {
	return wait.ExponentialBackoff(stateBackoff, func() (bool, error) { // want `wait.ExponentialBackoff retries every error the callback returns`
		resp, err := http.Get(url)
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
}

// Quiet: the connection's state compared with Ready.
func waitConnReady(c *peerConn) error {
	return wait.ExponentialBackoff(stateBackoff, func() (done bool, err error) {
		if c.GetState() == stateIdle {
			c.Connect()
		}
		return c.GetState() == stateReady, nil
	})
}

// Quiet: a status field of an answer fetched without its error.
func waitStatusOK(url string) error {
	return wait.ExponentialBackoff(stateBackoff, func() (bool, error) {
		resp, _ := http.Get(url)
		return resp != nil && resp.StatusCode == http.StatusOK, nil
	})
}
