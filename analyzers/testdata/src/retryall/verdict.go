package retryall

import (
	"database/sql"
	"errors"
	"net/http"
	"time"
)

// Shape 7c: a loop driven by its callback's boolean "try again" verdict is a
// wrapper whose callbacks are the attempts; each call is judged by what its
// callback returns on an error.

var errGone = errors.New("gone")

// GOOD at the wrapper: the verdict, and so the classification, is the caller's.
func Again(f func(attempt int) (bool, error)) error {
	for i := 0; ; i++ {
		again, err := f(i)
		if !again {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Tries again on every error.
func fetchEveryError(c *http.Client) error {
	return Again(func(int) (bool, error) { // want `retryall.Again retries every error the callback returns`
		resp, err := getOK(c, "http://service.internal/")
		if err != nil {
			return true, err
		}
		return false, resp.Body.Close()
	})
}

// The verdict `err != nil` tries again on every error too.
func execEveryError(db *sql.DB) error {
	return Again(func(int) (bool, error) { // want `retryall.Again retries every error the callback returns`
		_, err := db.Exec("UPDATE t SET n = n + 1")
		return err != nil, err
	})
}

// GOOD: gives up on one error by returning (false, err).
func execGivesUp(db *sql.DB) error {
	return Again(func(int) (bool, error) {
		_, err := db.Exec("UPDATE t SET n = n + 1")
		if errors.Is(err, errGone) {
			return false, err
		}
		return err != nil, err
	})
}

// GOOD: the verdict is computed from the error.
func execVerdictFromError(db *sql.DB, retryable func(error) bool) error {
	return Again(func(int) (bool, error) {
		_, err := db.Exec("UPDATE t SET n = n + 1")
		return err != nil && retryable(err), err
	})
}

// GOOD: a poll, not a retry: every error ends the loop, only "not ready yet"
// goes round.
func waitReady(db *sql.DB) error {
	return Again(func(int) (bool, error) {
		var ready bool
		if err := db.QueryRow("SELECT ready FROM jobs").Scan(&ready); err != nil {
			return false, err
		}
		return !ready, nil
	})
}

// GOOD: a verdict the engine cannot read (a policy's answer) may classify.
func execPolicy(db *sql.DB, next func() bool) error {
	return Again(func(int) (bool, error) {
		_, err := db.Exec("UPDATE t SET n = n + 1")
		return next(), err
	})
}

// A poll helper whose verdict means "done": a callback that answers "not
// done" on an error retries it.
func Poll(cond func() (bool, error)) error {
	for {
		done, err := cond()
		if done {
			return err
		}
		time.Sleep(time.Second)
	}
}

func pollEveryError(c *http.Client) error {
	return Poll(func() (bool, error) { // want `retryall.Poll retries every error the callback returns`
		resp, err := getOK(c, "http://service.internal/ready")
		if err != nil {
			return false, err
		}
		return true, resp.Body.Close()
	})
}

// GOOD: every error is "done": the poll stops on it.
func pollStopsOnError(c *http.Client) error {
	return Poll(func() (bool, error) {
		resp, err := c.Get("http://service.internal/ready")
		if err != nil {
			return true, err
		}
		defer resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
}

// GOOD: a named callback out of this reading's reach (a func value).
func pollFuncValue(cond func() (bool, error)) error { return Poll(cond) }

type store interface{ Put(key string) error }

var shared store

// A function of the package as the callback is read like a literal: an
// interface method may reach another system.
func putShared(int) (bool, error) {
	err := shared.Put("k")
	return err != nil, err
}

func putSharedEveryError() error {
	return Again(putShared) // want `retryall.Again retries every error the callback returns`
}

func putEveryError(s store) error {
	return Again(func(i int) (bool, error) { // want `retryall.Again retries every error the callback returns`
		err := s.Put("k")
		if err == nil {
			return false, nil
		}
		return true, err
	})
}

// GOOD: the callback's attempt is local (no other system is reached).
func parseEveryError(s string) error {
	return Again(func(int) (bool, error) {
		_, err := time.Parse(time.RFC3339, s)
		return err != nil, err
	})
}

// GOOD: a wrapper that returns every error before it reads the verdict never
// retries a failure: it polls, whatever its callers answer.
func SleepWhile(f func() (bool, error)) error {
	for {
		busy, err := f()
		if err != nil {
			return err
		}
		if !busy {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func waitIdle(c *http.Client) error {
	return SleepWhile(func() (bool, error) {
		resp, err := c.Get("http://service.internal/busy")
		if err != nil {
			return true, err
		}
		return false, resp.Body.Close()
	})
}

// GOOD: the same with the error read after the verdict.
func SleepWhileOK(f func() (bool, error)) error {
	for {
		busy, err := f()
		if !busy {
			return err
		}
		if err != nil {
			return err
		}
		time.Sleep(time.Second)
	}
}

func waitIdleOK(c *http.Client) error {
	return SleepWhileOK(func() (bool, error) {
		resp, err := c.Get("http://service.internal/busy")
		if err != nil {
			return true, err
		}
		return false, resp.Body.Close()
	})
}

// A wrapper that only logs the error after the verdict still retries it.
func AgainLogged(f func() (bool, error), log func(error)) error {
	for {
		again, err := f()
		if !again {
			return err
		}
		if err != nil {
			log(err)
		}
		time.Sleep(time.Second)
	}
}

func fetchLogged(c *http.Client) error {
	return AgainLogged(func() (bool, error) { // want `retryall.AgainLogged retries every error the callback returns`
		resp, err := getOK(c, "http://service.internal/")
		if err != nil {
			return true, err
		}
		return false, resp.Body.Close()
	}, func(error) {})
}

// GOOD: without a wait the loop drives steps (or pages): not a retry wrapper.
func Drive(step func() (bool, error)) error {
	for {
		more, err := step()
		if !more {
			return err
		}
	}
}

func copyRows(c *http.Client) error {
	return Drive(func() (bool, error) {
		resp, err := c.Get("http://service.internal/next")
		if err != nil {
			return true, err
		}
		return false, resp.Body.Close()
	})
}

// getOK is c.Get whose error carries the server's refusal too: a status that
// is not a success.
func getOK(c *http.Client, url string) (*http.Response, error) {
	resp, err := c.Get(url)
	if err == nil && resp.StatusCode >= 300 {
		resp.Body.Close()
		return nil, errors.New(resp.Status)
	}
	return resp, err
}
