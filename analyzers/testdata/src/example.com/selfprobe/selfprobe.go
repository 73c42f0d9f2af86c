// Package selfprobe asks the process's own server whether it is up, and a
// peer whose host the caller names: the engine's facts tell the local send
// from the remote one. A request handed to a helper that sends it is out of
// reach (send's parameter): Peer's send stays remote whatever its URL.
package selfprobe

import (
	"errors"
	"fmt"
	"net/http"
)

var client = &http.Client{}

// Healthy asks this machine's server on port.
func Healthy(port int) error {
	url := fmt.Sprintf("https://localhost:%d/healthz", port)
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	_, err = client.Do(req)
	return err
}

// Peer asks a server on host.
func Peer(host string) error {
	req, err := http.NewRequest(http.MethodGet, "https://"+host+"/healthz", nil)
	if err != nil {
		return err
	}
	return send(req)
}

func send(req *http.Request) error {
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}
