// A command that waits for a server to come up: its loop ends when the
// server answers, so the program still runs one sequence and exits.
package main

import (
	"net/http"
	"time"
)

func main() {
	for {
		resp, err := http.Get("http://localhost:8080/ready") // GOOD: run by hand
		if err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(time.Second)
	}
}
