package n3sdktransport

import (
	"crypto/tls"
	"net/http"
)

// stands in for a cloud SDK's options struct
type Options struct {
	Transport interface {
		Do(*http.Request) (*http.Response, error)
	}
}

type SDKClient struct{ opts Options }

func NewSDKClient(o Options) *SDKClient { return &SDKClient{opts: o} }

// FP: the client is only handed to the SDK.
func New(skipVerify bool) *SDKClient {
	var o Options
	if skipVerify {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = &tls.Config{InsecureSkipVerify: true}
		o.Transport = &http.Client{Transport: tr}
	}
	return NewSDKClient(o)
}

// Must stay reported: the same client used for our own call.
func Probe(url string) error {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	c := &http.Client{Transport: tr}
	resp, err := c.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
