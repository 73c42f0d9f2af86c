// A long poll that exits only on an error (log.Fatal): in the normal run the
// loop never ends, so the program may run for days.
package main

import (
	"log"
	"net/http"
)

func main() {
	since := 0
	for {
		req, err := http.NewRequest("GET", "http://api.example.com:8384/rest/events", nil)
		if err != nil {
			log.Fatal(err)
		}
		res, err := http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
		if err != nil {
			log.Fatal(err)
		}
		res.Body.Close()
		since++
	}
}
