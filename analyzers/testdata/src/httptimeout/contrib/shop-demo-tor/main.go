// A demo command, named for what it is (words of shop-demo-tor): a person
// runs it against a local setup and stops it.
package main

import (
	"net/http"
	"net/url"
)

func main() {
	proxy, _ := url.Parse("socks5://127.0.0.1:9050")
	client := &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(proxy)}} // GOOD: demo code
	http.DefaultClient = client                                                     // GOOD: demo code
}
