// A main that serves: a hung upstream call holds a long-lived process's
// handler goroutines, one per request.
package main

import (
	"io"
	"log"
	"net/http"
)

const upstream = "http://api.example.com:9000/p"

func main() {
	http.HandleFunc("/p", func(w http.ResponseWriter, r *http.Request) {
		resp, err := http.Get(upstream) // want `http.Get sends with http.DefaultClient`
		if err == nil {
			io.Copy(w, resp.Body)
			resp.Body.Close()
		}
	})
	log.Fatal(http.ListenAndServe(":8080", nil))
}
