package retryall

import (
	"errors"
	"net/http"
	"strings"
	"sync"
)

// A function that hands each element of a range to its callback and keeps the
// first one the callback accepts tries each candidate once: a search, not a
// retry helper. Its callers' callbacks are not retried. A function that calls
// its callback again with nothing changed is a retry helper.

type candidate struct{ url string }

type candidateSet struct {
	mu    sync.RWMutex
	nodes []candidate
}

// firstAccepted hands each candidate to ok and keeps the first it accepts.
func (s *candidateSet) firstAccepted(ok func(candidate) error) (candidate, error) {
	var errs []string
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, n := range s.nodes {
		if err := ok(n); err == nil {
			return n, nil
		} else {
			errs = append(errs, err.Error())
		}
	}
	return candidate{}, errors.New(strings.Join(errs, "; "))
}

// firstWorking picks with a break and a variable, as the loop body may.
func firstWorking(cands []candidate, try func(c candidate) error) (candidate, bool) {
	var pick candidate
	found := false
	for _, c := range cands {
		if err := try(c); err == nil {
			pick, found = c, true
			break
		}
	}
	return pick, found
}

func probeCandidate(c candidate) error {
	resp, err := http.Get(c.url)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

func pickReachable(s *candidateSet) (candidate, error) {
	return s.firstAccepted(probeCandidate)
}

func pickWorking(cands []candidate) (candidate, bool) {
	return firstWorking(cands, func(c candidate) error { return probeCandidate(c) })
}

// ---- look-alike: the same callback retried with nothing changed ----

func triedTimes(tries int, op func() error) error {
	var err error
	for i := 0; i < tries; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

func pollOne(c candidate) error {
	return triedTimes(20, func() error { return probeCandidate(c) }) // want `retryall.triedTimes retries every error the callback returns`
}
