package unboundedretry

import (
	"errors"
	"net/http"
	"net/url"
	"syscall"
)

// A self-call on a "not found" failure (a name saying not found or not exist,
// or ENOENT) waits for a state to appear, here one it creates: no retry of a
// failure. On another failure the same call goes round again with no bound.

var errBucketNotFound = errors.New("bucket not found")

type bucketStore struct{ c *http.Client }

func (s *bucketStore) head(name string) error {
	resp, err := s.c.Head("http://store/" + url.PathEscape(name))
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return errBucketNotFound
	}
	return nil
}

func (s *bucketStore) create(name string) error {
	resp, err := s.c.Post("http://store/"+url.PathEscape(name), "text/plain", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GOOD: created on "not found", then asked once more.
func (s *bucketStore) touch(name string) error {
	err := s.head(name)
	if err == errBucketNotFound {
		if err := s.create(name); err != nil {
			return err
		}
		return s.touch(name)
	}
	return err
}

// GOOD: the same with the POSIX name of "not found": ENOENT ("no such file
// or directory") is a test for absence like os.IsNotExist.
func (s *bucketStore) touchFile(name string) error {
	err := s.head(name)
	if errors.Is(err, syscall.ENOENT) {
		if err := s.create(name); err != nil {
			return err
		}
		return s.touchFile(name)
	}
	return err
}

var errBucketBusy = errors.New("bucket busy")

// Look-alike: a busy bucket is no missing one; creating does not change what
// the next call meets.
func (s *bucketStore) touchBusy(name string) error {
	err := s.head(name)
	if err == errBucketBusy {
		if err := s.create(name); err != nil {
			return err
		}
		return s.touchBusy(name) // want `recursive retry has no attempt limit and no deadline`
	}
	return err
}
