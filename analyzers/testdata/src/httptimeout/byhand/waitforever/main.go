// A main that starts its work in the background and blocks forever.
package main

import "net/http"

func main() {
	go func() {
		resp, err := http.Get("http://api.example.com:8080/warm") // want `http.Get sends with http.DefaultClient`
		if err == nil {
			resp.Body.Close()
		}
	}()
	select {}
}
