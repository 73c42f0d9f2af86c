// A main that handles signals is meant to run until it is told to stop.
package main

import (
	"context"
	"net/http"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	resp, err := http.Get("http://api.example.com:8080/config") // want `http.Get sends with http.DefaultClient`
	if err == nil {
		resp.Body.Close()
	}
	<-ctx.Done()
}
