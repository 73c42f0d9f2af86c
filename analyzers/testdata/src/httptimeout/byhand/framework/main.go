// A main that runs a framework's application: Run may block until a signal.
package main

import (
	"net/http"

	"example.com/appkit"
)

func main() {
	resp, err := http.Get("http://api.example.com:8080/config") // want `http.Get sends with http.DefaultClient`
	if err == nil {
		resp.Body.Close()
	}
	appkit.New().Run()
}
