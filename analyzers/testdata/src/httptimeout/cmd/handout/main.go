// Look-alike: a main package has no callers outside; a client it returns and
// never passes on stays reported.
package main

import "net/http"

func NewClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

func main() {}
