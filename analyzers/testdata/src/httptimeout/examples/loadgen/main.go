// A demonstration program in an examples directory: a person runs it and
// stops it; a hung request holds no service.
package main

import "net/http"

func main() {
	resp, err := http.Get("http://localhost:8080/load") // GOOD: an example program
	if err == nil {
		resp.Body.Close()
	}
	_ = &http.Client{} // GOOD: an example program
}
