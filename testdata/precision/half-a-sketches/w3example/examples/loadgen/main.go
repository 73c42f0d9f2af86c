// WORTHLESS before (httptimeout): a demonstration program in an examples
// directory; a person runs it and stops it.
package main

import "net/http"

func main() {
	resp, err := http.Get("http://localhost:8080/emit")
	if err == nil {
		resp.Body.Close()
	}
}
