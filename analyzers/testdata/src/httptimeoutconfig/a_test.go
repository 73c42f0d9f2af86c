package httptimeoutconfig

import "net/http"

func helperGet() { http.Get("http://localhost") } // want `http.Get sends with http.DefaultClient`
