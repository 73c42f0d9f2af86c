// A main that fetches its configuration and then runs the module's own
// service code: what the call does is out of sight, so the program may be a
// service that hangs at start.
package main

import (
	"net/http"

	"httptimeout/byhand/runner"
)

func main() {
	resp, err := http.Get("http://api.example.com:8080/config") // want `http.Get sends with http.DefaultClient`
	if err == nil {
		resp.Body.Close()
	}
	runner.Run()
}
