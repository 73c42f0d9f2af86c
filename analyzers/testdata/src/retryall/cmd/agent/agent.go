// Package main is a command that builds its clients at start-up: a counted
// wait for a dependency to come up, once per invocation, is a readiness wait
// (retryscope startup.go). The same loop in a request handler or a worker's
// loop, without a count, or doing the command's work, stays a retry.
package main

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"

	"example.com/apicache"
)

type server struct {
	cache  apicache.Cache
	client *apicache.Client
}

// GOOD: the start-up builds its cache, 10 times 1 s apart, then fails.
func newServer(cfg *apicache.Config) (*server, error) {
	var cache apicache.Cache
	var err error
	retry := 10
	for {
		cache, err = apicache.New(cfg)
		if err == nil {
			break
		}
		retry--
		if retry == 0 {
			break
		}
		time.Sleep(time.Second)
	}
	if err != nil {
		return nil, err
	}
	return &server{cache: cache}, nil
}

// GOOD: the same with a client (a pointer handle) and a for clause.
func newUploader(cfg *apicache.Config) (*server, error) {
	var c *apicache.Client
	var err error
	for i := 0; i < 5; i++ {
		if c, err = apicache.NewClient(cfg); err == nil {
			return &server{client: c}, nil
		}
		time.Sleep(2 * time.Second)
	}
	return nil, err
}

// GOOD: a constructor reached through a package variable (an alias).
func newManager(cfg *apicache.Config) (apicache.Manager, error) {
	var mgr apicache.Manager
	var err error
	for retry := 10; retry > 0; retry-- {
		if mgr, err = apicache.NewManager(cfg); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	return mgr, err
}

// BAD: the command's work: an upload retried on every error builds nothing.
func (s *server) upload(ctx context.Context, data string) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = s.client.Upload(ctx, data); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// BAD: a read is not a handle either.
func lookup(cfg *apicache.Config, key string) (string, error) {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		var v string
		if v, err = apicache.Lookup(cfg, key); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// BAD: a request handler builds its cache once per request.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if c, err := apicache.New(&apicache.Config{Host: r.Host}); err == nil {
			s.cache = c
			return
		}
		time.Sleep(time.Second)
	}
	w.WriteHeader(http.StatusServiceUnavailable)
}

// BAD: a worker's loop builds a client for every job.
func (s *server) work(jobs <-chan *apicache.Config) {
	for cfg := range jobs {
		for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
			if c, err := apicache.NewClient(cfg); err == nil {
				s.client = c
				break
			}
			time.Sleep(time.Second)
		}
	}
}

// BAD: no count: a misconfiguration is retried for ever.
func (s *server) reconnect(cfg *apicache.Config) {
	for { // want `retry loop retries every error alike`
		c, err := apicache.New(cfg)
		if err == nil {
			s.cache = c
			return
		}
		time.Sleep(time.Second)
	}
}

// BAD: a count whose waits add up to over a minute.
func newPatientServer(cfg *apicache.Config) (*server, error) {
	for i := 0; i < 100; i++ { // want `retry loop retries every error alike`
		if c, err := apicache.New(cfg); err == nil {
			return &server{cache: c}, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("no cache")
}

// GOOD: a diagnostic tries twice and only logs each failure.
func checkConnection(ctx context.Context, c *apicache.Client) {
	const tries = 2
	for i := range tries {
		err := c.Upload(ctx, "ping")
		if err != nil {
			log.Printf("attempt %d/%d: %v", i+1, tries, err)
			continue
		}
		break
	}
}

// BAD: the second try's failure is the command's answer.
func uploadTwice(ctx context.Context, c *apicache.Client) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = c.Upload(ctx, "data"); err == nil {
			return nil
		}
	}
	return err
}

// BAD: the failures are kept for the caller.
func uploadTwiceCollect(ctx context.Context, c *apicache.Client) []error {
	var errs []error
	for range 20 { // want `retry loop retries every error alike`
		err := c.Upload(ctx, "data")
		if err == nil {
			break
		}
		errs = append(errs, err)
	}
	return errs
}

// BAD: three tries are more than one retry.
func checkThrice(ctx context.Context, c *apicache.Client) {
	for i := range 20 { // want `retry loop retries every error alike`
		err := c.Upload(ctx, "ping")
		if err != nil {
			log.Printf("attempt %d: %v", i+1, err)
			continue
		}
		break
	}
}

func main() {
	s, err := newServer(&apicache.Config{Host: "api"})
	if err != nil {
		panic(err)
	}
	_ = http.ListenAndServe(":8080", s)
}
