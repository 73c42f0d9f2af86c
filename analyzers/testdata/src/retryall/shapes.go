package retryall

import (
	"errors"
	"net"
	"net/http"
	"time"
)

// Shape 7: retry loops of other shapes, reaching another system.

func get(c *http.Client, url string) error {
	resp, err := c.Get(url)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return errors.New(resp.Status)
	}
	return nil
}

// The failure test in the for condition, the attempt before the loop and at
// the end of the body.
func getUntil(c *http.Client) error {
	n := 0
	err := get(c, "http://svc/a")
	for err != nil && n < 5 { // want `retry loop retries every error alike`
		n++
		time.Sleep(time.Duration(n) * time.Second)
		err = get(c, "http://svc/a")
	}
	return err
}

func getCounter(c *http.Client) error {
	err := get(c, "http://svc/b")
	for i := 0; err != nil && i < 3; i++ { // want `retry loop retries every error alike`
		time.Sleep(time.Duration(i+1) * time.Second)
		err = get(c, "http://svc/b")
	}
	return err
}

// The attempt in the if's init, leaving with break.
func getBreak(c *http.Client) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = get(c, "http://svc/c"); err == nil {
			break
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

// ---- look-alikes ----

var errBusy = errors.New("busy")

// Shape 7b: only the busy error goes round; every other error is returned.
func dialBusy() (net.Conn, error) {
	for i := 0; i < 5; i++ {
		conn, err := net.Dial("tcp", "db:5432")
		if errors.Is(err, errBusy) {
			time.Sleep(time.Duration(i+1) * time.Second)
			continue
		}
		if err != nil {
			return nil, err
		}
		return conn, nil
	}
	return nil, errBusy
}

// The for condition classifies too.
func getWhileBusy(c *http.Client) error {
	err := get(c, "http://svc/d")
	for i := 0; errors.Is(err, errBusy) && i < 3; i++ {
		time.Sleep(time.Duration(i+1) * time.Second)
		err = get(c, "http://svc/d")
	}
	return err
}
