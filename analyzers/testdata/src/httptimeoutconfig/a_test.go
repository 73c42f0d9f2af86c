package httptimeoutconfig

import "net/http"

func helperGet() { http.Get("http://api.example.com") } // want `http.Get sends with http.DefaultClient`
