package retryscoperemote

// An HTTP request to a loopback host written in the code stays on this
// machine: a wait for the process's own server is local, in this package or
// through another one's facts; a host the caller names is remote.

import (
	"net/http"
	"time"

	"example.com/selfprobe"
)

func spWaitOwn(port int) {
	for { // want `local`
		if selfprobe.Healthy(port) == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func spWaitPeer(host string) {
	for { // want `remote, may be refused`
		if selfprobe.Peer(host) == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func spLocalGet(port string) error {
	resp, err := http.Get("http://[::1]:" + port)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func spWaitLocalGet(port string) {
	for { // want `local`
		if spLocalGet(port) == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func spGetAfterPort(port, rest string) error {
	resp, err := http.Get("http://[::1]:" + port + rest)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func spWaitAfterPort(port, rest string) {
	for { // want `remote, connects only`
		if spGetAfterPort(port, rest) == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
