// Must stay reported: the same program outside an examples directory.
package main

import "net/http"

func main() {
	resp, err := http.Get("http://localhost:8080/emit")
	if err == nil {
		resp.Body.Close()
	}
}
