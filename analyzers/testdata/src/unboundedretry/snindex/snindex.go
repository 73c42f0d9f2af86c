// Package snindex is another package of the analysed code whose sentinels a
// loop of package unboundedretry goes round on (sentinel.go): ErrMissing is
// returned only from an in-memory lookup, ErrGone also after a call to the
// server.
package snindex

import (
	"errors"
	"net/http"
	"sync"
)

var (
	ErrMissing = errors.New("entry missing from the index")
	ErrGone    = errors.New("entry gone")
)

type Index struct {
	mu sync.RWMutex
	m  map[string]string
}

// Get looks the entry up in memory, with no call out before it.
func (ix *Index) Get(id string) (string, error) {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if v, ok := ix.m[id]; ok {
		return v, nil
	}
	return "", ErrMissing
}

// Fetch returns ErrGone from a memory check and after the server's 410: one
// remote return makes it the server's answer.
func (ix *Index) Fetch(c *http.Client, id string) error {
	if _, err := ix.Get(id); err != nil {
		return ErrGone
	}
	resp, err := c.Get("http://index.internal/" + id)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusGone {
		return ErrGone
	}
	return nil
}
