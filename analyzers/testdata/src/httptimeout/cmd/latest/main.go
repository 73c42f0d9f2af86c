// Look-alike: "latest" holds "test" inside a word, not as a word; a command
// named latest is product code.
package main

import "net/http"

func main() {
	resp, err := http.Get("http://localhost:8080/latest") // want `http.Get sends with http.DefaultClient`
	if err == nil {
		resp.Body.Close()
	}
}
