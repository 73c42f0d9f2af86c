package retryall

import "net"

type unavailable struct{}

func (unavailable) Error() string { return "unavailable" }

// fetch asks a server (the dial stands for it).
func fetch(url string) (string, error) {
	net.Dial("tcp", "service.internal:80")
	return "", unavailable{}
}

// get retries every failure, permanent ones included.
func get(url string) (string, error) {
	var last error
	for i := 0; i < 3; i++ { // want `retry loop retries every error alike`
		body, err := fetch(url)
		if err == nil {
			return body, nil
		}
		last = err
	}
	return "", last
}
