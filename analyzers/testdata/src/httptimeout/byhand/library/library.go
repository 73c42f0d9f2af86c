// A library with the one-shot command's code: whoever calls it may be a
// service, so it stays reported.
package library

import (
	"flag"
	"log"
	"net/http"
)

var master = flag.String("master", "localhost:9333", "master address")

func Main() {
	flag.Parse()
	resp, err := http.Get("http://" + *master + "/dir/assign") // want `http.Get sends with http.DefaultClient`
	if err != nil {
		log.Fatal(err)
	}
	resp.Body.Close()
}
