// Package exempt is an exempt package: nothing in it is reported.
package exempt

import "net/http"

func client() *http.Client { return &http.Client{} }

func get() { http.Get("http://localhost") }
