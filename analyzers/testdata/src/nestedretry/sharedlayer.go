package nestedretry

// An inner retry layer that many outer retries of the package reach is one
// cause: reported once, at the inner layer, naming how many outer retries
// call it. A few outer retries around one inner layer keep a finding each,
// at the outer loop.

import (
	"errors"
	"net/http"
	"time"
)

type slStore struct {
	c    *http.Client
	base string
}

// open retries on its own; every write of the store goes through it.
func (s *slStore) open(path string) (*http.Response, error) {
	var err error
	for i := 0; i < 8; i++ { // want `retry loop \(8 attempts\) in slStore.open is called from 4 other retry layers \(retry loop\): the attempts multiply; keep a single retry layer, here or in the callers`
		var resp *http.Response
		if resp, err = s.c.Get(s.base + path); err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(i+1) * 200 * time.Millisecond)
	}
	return nil, err
}

func (s *slStore) write(path string) error {
	resp, err := s.open(path)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *slStore) putUser() error {
	var err error
	for i := 0; i < 6; i++ {
		if err = s.write("/users"); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

func (s *slStore) putGroup() error {
	var err error
	for i := 0; i < 6; i++ {
		if err = s.write("/groups"); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

func (s *slStore) putRole() error {
	var err error
	for i := 0; i < 6; i++ {
		if _, err = s.open("/roles"); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

func (s *slStore) putPolicy() error {
	var err error
	for i := 0; i < 6; i++ {
		if err = s.write("/policies"); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

// Look-alike: three outer retries around one inner layer are reported each
// at its own loop: the fix is per caller.

func slFetch(c *http.Client, url string) error {
	for i := 0; i < 8; i++ {
		resp, err := c.Get(url)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(i+1) * 200 * time.Millisecond)
	}
	return errors.New("fetch failed")
}

func slFetchA(c *http.Client) error {
	var err error
	for i := 0; i < 6; i++ { // want `retry loop \(6 attempts\) around slFetch, which retries on its own \(retry loop, 8 attempts\): 6 × 8 = 48 attempts; keep a single retry layer`
		if err = slFetch(c, "https://a.example/x"); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

func slFetchB(c *http.Client) error {
	var err error
	for i := 0; i < 6; i++ { // want `retry loop \(6 attempts\) around slFetch, which retries on its own`
		if err = slFetch(c, "https://b.example/x"); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}

func slFetchC(c *http.Client) error {
	var err error
	for i := 0; i < 6; i++ { // want `retry loop \(6 attempts\) around slFetch, which retries on its own`
		if err = slFetch(c, "https://c.example/x"); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}
