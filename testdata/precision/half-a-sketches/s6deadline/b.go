package s6deadline

import "net/http"

type Loose struct{ hc *http.Client }

// Must stay reported: one use has neither Timeout nor a context deadline.
func NewLoose() *Loose { return &Loose{hc: &http.Client{}} }

func (l *Loose) Fetch(url string) (*http.Response, error) { return l.hc.Get(url) }
