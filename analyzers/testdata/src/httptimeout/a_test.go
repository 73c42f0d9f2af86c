package httptimeout

import "net/http"

// Test files are not reported by default.
func helperClient() *http.Client { return &http.Client{} }

func helperGet() { http.Get("http://localhost") }
