// Package selfready is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep sleepnoctx unboundedretry httptimeout
package selfready

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// A process that waits at start-up for its own server to answer asks a host
// written in the code as loopback: the attempt never leaves the machine, so
// nobody is overloaded by its pace and no dependency across a network holds
// it. The same wait on a host from a variable, or on a URL that merely
// mentions localhost after its host, is a retry of a remote server.

var (
	probeMu     sync.Mutex
	probeClient *http.Client
)

func loadProbeClient(cfg *tls.Config) {
	probeMu.Lock()
	defer probeMu.Unlock()
	probeClient = &http.Client{Transport: &http.Transport{TLSClientConfig: cfg}}
}

var listenPort = 9443

// probeOwn asks the process's own server, port from a variable.
func probeOwn() error {
	url := "https://localhost:" + strconv.Itoa(listenPort) + "/healthz"
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Add("Accept", "application/json")
	probeMu.Lock()
	defer probeMu.Unlock()
	_, err = probeClient.Do(req)
	return err
}

// checkReady is the readiness check a health endpoint also registers.
func checkReady(_ *http.Request) error { return probeOwn() }

// GOOD: the boot-time wait for the own server, through two helpers.
func WaitReady() {
	for {
		if err := checkReady(nil); err == nil {
			return
		}
		time.Sleep(2 * time.Second)
	}
}

// probeLoopback reads its own server's status and body.
func probeLoopback(port int) error {
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/healthz", port))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if _, err := io.ReadAll(resp.Body); err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return errors.New("not ready")
	}
	return nil
}

// GOOD: the same wait, the URL built by fmt.Sprintf on 127.0.0.1.
func WaitLoopback(port int) {
	for {
		if probeLoopback(port) == nil {
			return
		}
		time.Sleep(2 * time.Second)
	}
}

var peerClient = &http.Client{} // reports: httptimeout

// probeHost asks a host the caller names.
func probeHost(host string, port int) error {
	resp, err := peerClient.Get(fmt.Sprintf("http://%s:%d/healthz", host, port))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A host from a variable: another machine, for all the code says.
// No context or stop channel is in reach: sleepnoctx is quiet on it and on
// WaitPath.
func WaitHost(host string, port int) {
	for { // reports: fixedsleep unboundedretry
		if probeHost(host, port) == nil {
			return
		}
		time.Sleep(2 * time.Second)
	}
}

// probePath names localhost only in its path.
func probePath(host string) error {
	resp, err := peerClient.Get("http://" + host + "/localhost")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// "localhost" after the host is no host.
func WaitPath(host string) {
	for { // reports: fixedsleep unboundedretry
		if probePath(host) == nil {
			return
		}
		time.Sleep(2 * time.Second)
	}
}

func Start() {
	go WaitReady()
	go WaitLoopback(8080)
	go WaitHost("db", 8080)
	go WaitPath("db")
}
