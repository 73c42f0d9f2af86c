// Look-alike: a main package outside an examples directory may be a service.
package main

import "net/http"

func main() {
	resp, err := http.Get("http://localhost:8080/") // want `http.Get sends with http.DefaultClient`
	if err == nil {
		resp.Body.Close()
	}
}
