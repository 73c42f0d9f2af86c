package httptimeout

import (
	"context"
	"net/http"

	"example.com/sdk"
)

// A named function of the package stored in a func-typed field is a
// factory, as a function literal there is: its client is judged where the
// field is called.

type gcsOptions struct {
	newHTTP func(context.Context, *gcsOptions) (*http.Client, error)
	proxy   string
}

func newGCSOptions() *gcsOptions { return &gcsOptions{newHTTP: newGCSHTTPClient} }

// GOOD: every call of the field hands the client to the SDK's option.
func newGCSHTTPClient(ctx context.Context, o *gcsOptions) (*http.Client, error) {
	return &http.Client{Transport: http.DefaultTransport}, nil
}

func NewGCS(ctx context.Context) (*sdk.Client, error) {
	o := newGCSOptions()
	var opts []sdk.Option
	if o.proxy != "" {
		hc, err := o.newHTTP(ctx, o)
		if err != nil {
			return nil, err
		}
		opts = append(opts, sdk.WithHTTPClient(hc))
	}
	return sdk.NewWithOptions(opts...), nil
}

// The same factory whose field's client also sends where it is called.
type sendingOptions struct {
	newHTTP func() (*http.Client, error)
}

func newSendingOptions() *sendingOptions { return &sendingOptions{newHTTP: newSendingClient} }

func newSendingClient() (*http.Client, error) {
	return &http.Client{Transport: http.DefaultTransport}, nil // want `http.Client has no Timeout`
}

func (o *sendingOptions) ping(u string) error {
	hc, err := o.newHTTP()
	if err != nil {
		return err
	}
	_, err = hc.Get(u)
	return err
}

// A factory also kept in a package variable: its calls there are out of sight.
type keptOptions struct{ newHTTP func() *http.Client }

func newKeptClient() *http.Client {
	return &http.Client{Transport: http.DefaultTransport} // want `http.Client has no Timeout`
}

var keptFactory = newKeptClient

func newKeptOptions() *keptOptions { return &keptOptions{newHTTP: newKeptClient} }

func (o *keptOptions) client() *sdk.Client { return sdk.NewWithClient(o.newHTTP()) }

// A factory stored in a field that is called directly to send.
type directOptions struct{ newHTTP func() *http.Client }

func newDirectClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

func newDirectOptions() *directOptions { return &directOptions{newHTTP: newDirectClient} }

func (o *directOptions) get(u string) (*http.Response, error) { return o.newHTTP().Get(u) }
