// A main that polls forever: it runs unattended, and one hung request stops
// every later poll.
package main

import (
	"net/http"
	"time"
)

func main() {
	for {
		resp, err := http.Get("http://api.example.com:8080/status") // want `http.Get sends with http.DefaultClient`
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(10 * time.Second)
	}
}
