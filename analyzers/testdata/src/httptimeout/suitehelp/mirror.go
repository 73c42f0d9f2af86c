package suitehelp

import "net/http"

// Mirror's file imports no test framework: a file is read on its own, and
// the same client beside the suite's helpers stays reported.
type Mirror struct{ HC *http.Client }

func NewMirror() *Mirror { return &Mirror{HC: &http.Client{}} } // want `http.Client has no Timeout`

func (s *Mirror) Ping(u string) error {
	resp, err := s.HC.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
