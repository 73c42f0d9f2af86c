// Parallel uploads that the command waits for: still one shot.
package main

import (
	"net/http"
	"strings"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	for _, name := range []string{"a", "b", "c"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Post("http://localhost:8080/"+name, "text/plain", strings.NewReader(name)) // GOOD: run by hand
			if err == nil {
				resp.Body.Close()
			}
		}()
	}
	wg.Wait()
}
