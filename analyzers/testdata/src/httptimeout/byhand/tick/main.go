// A ticker loop: the program refreshes until it is killed.
package main

import (
	"net/http"
	"time"
)

func main() {
	for range time.Tick(time.Minute) {
		resp, err := http.Get("http://api.example.com:8080/refresh") // want `http.Get sends with http.DefaultClient`
		if err == nil {
			resp.Body.Close()
		}
	}
}
