package n5nilfallback

import "net/http"

type Bare struct{ HC *http.Client }

// Must stay reported: nothing ever sets HC.
func NewBare() *Bare { return &Bare{} }

func (b *Bare) Do(req *http.Request) (*http.Response, error) {
	hc := b.HC
	if hc == nil {
		hc = http.DefaultClient
	}
	return hc.Do(req)
}
