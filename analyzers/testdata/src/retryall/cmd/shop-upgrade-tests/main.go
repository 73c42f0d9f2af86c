// A CI test tool, named for what it is (words of shop-upgrade-tests): it
// starts the product in a container and polls it until it answers. Its
// retries are test code and are not reported by default.
package main

import (
	"errors"
	"net/http"
	"time"
)

func waitForShop(url string) error {
	var err error
	for i := 0; i < 500; i++ {
		var resp *http.Response
		resp, err = http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			err = errors.New(resp.Status)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

func main() { _ = waitForShop("http://localhost:8008/") }
