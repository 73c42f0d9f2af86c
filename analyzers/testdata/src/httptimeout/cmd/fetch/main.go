// A main package outside an examples directory is checked for what it does,
// not where it lies: this one sends one request and exits, a command a person
// runs and watches (retryscope.RunByHand), so it is quiet.
package main

import "net/http"

func main() {
	resp, err := http.Get("http://localhost:8080/") // GOOD: run by hand, one shot
	if err == nil {
		resp.Body.Close()
	}
}
