// Package portsother implements ports.Runner over the network.
package portsother

import "net/http"

type RemoteRunner struct{ URL string }

func (r RemoteRunner) Run(name string) (string, error) {
	resp, err := http.Post(r.URL+"/run/"+name, "text/plain", nil)
	if err != nil {
		return "", err
	}
	return resp.Status, resp.Body.Close()
}
