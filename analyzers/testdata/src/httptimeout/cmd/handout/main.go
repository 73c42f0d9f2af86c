// Look-alike: a main package has no callers outside; a client it returns and
// never passes on stays reported (the program serves: not run by hand).
package main

import (
	"net"
	"net/http"
)

func NewClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

func main() {
	l, err := net.Listen("tcp", ":8080")
	if err != nil {
		return
	}
	http.Serve(l, nil)
}
