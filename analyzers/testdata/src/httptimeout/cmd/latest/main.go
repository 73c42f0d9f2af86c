// Look-alike: "latest" holds "test" inside a word, not as a word; a command
// named latest is product code. It serves, so it is not run by hand.
package main

import "net/http"

func main() {
	http.HandleFunc("/latest", func(w http.ResponseWriter, r *http.Request) {
		resp, err := http.Get("http://api.example.com:8081/latest") // want `http.Get sends with http.DefaultClient`
		if err == nil {
			resp.Body.Close()
		}
	})
	http.ListenAndServe(":8080", nil)
}
