package httptimeout

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"

	"example.com/sdk"
)

// N3: a client built only to be handed to another package's constructor
// belongs to that package, which sets the deadlines of its requests.

// GOOD: a field of another package's options struct.
func newSDK(skipVerify bool) *sdk.Client {
	var o sdk.Options
	if skipVerify {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = &tls.Config{InsecureSkipVerify: true}
		o.HTTPClient = &http.Client{Transport: tr}
	}
	return sdk.New(o)
}

// GOOD: an argument of another package's constructor, through a variable.
func newSDKWithClient() *sdk.Client {
	c := &http.Client{}
	c.Transport = http.DefaultTransport
	return sdk.NewWithClient(c)
}

// GOOD: a keyed element of another package's struct.
func newSDKLiteral() *sdk.Client {
	return sdk.New(sdk.Options{HTTPClient: &http.Client{}})
}

type localOptions struct{ transport sdk.Doer }

func newLocal(o localOptions) *localOptions { return &o }

// GOOD: a field of interface type the package never reads.
func newLocalOptions() *localOptions {
	var o localOptions
	o.transport = &http.Client{}
	return newLocal(o)
}

// Look-alikes that stay reported.

// The same client also sends a request here.
func handedAndUsed(u string) (*sdk.Client, error) {
	c := &http.Client{} // want `http.Client has no Timeout`
	if _, err := c.Get(u); err != nil {
		return nil, err
	}
	return sdk.NewWithClient(c), nil
}

// The other package's function sends with it and returns only the response.
func sentByOther(req *http.Request) (*http.Response, error) {
	return sdk.Send(&http.Client{}, req) // want `http.Client has no Timeout`
}

type readOptions struct{ transport sdk.Doer }

// The package reads the interface field and sends through it.
func newReadOptions() *readOptions {
	return &readOptions{transport: &http.Client{}} // want `http.Client has no Timeout`
}

func (r *readOptions) do(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return r.transport.Do(req)
}

// W6: a transport that dials only unix sockets talks to a local process.

// GOOD: (*net.Dialer).DialContext with "unix".
func newUnixClient(path string) *http.Client {
	var d net.Dialer
	return &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return d.DialContext(ctx, "unix", path)
		},
	}}
}

// GOOD: net.Dial with "unix", through a variable.
func newUnixDial(path string) *http.Client {
	tr := &http.Transport{Dial: func(_, _ string) (net.Conn, error) { return net.Dial("unix", path) }}
	return &http.Client{Transport: tr}
}

// The dial function passes the network it is given: it may be TCP.
func newPassThroughDial() *http.Client {
	var d net.Dialer
	return &http.Client{Transport: &http.Transport{ // want `http.Client has no Timeout`
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return d.DialContext(ctx, network, addr)
		},
	}}
}

// A unix socket on one branch, TCP on the other.
func newMixedDial(path string, tcp bool) *http.Client {
	return &http.Client{Transport: &http.Transport{ // want `http.Client has no Timeout`
		DialContext: func(ctx context.Context, _, addr string) (net.Conn, error) {
			if tcp {
				return net.Dial("tcp", addr)
			}
			return net.Dial("unix", path)
		},
	}}
}

// A client returned by a function of the package is its callers': when every
// call hands the result to another package, that package owns it.

// GOOD: every call passes the result to another package's option function,
// through a variable that is only checked for nil.
func transportClient(skipVerify bool) *http.Client {
	if !skipVerify {
		return nil
	}
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
}

func newSDKFromHelper(skipVerify bool) *sdk.Client {
	var opts []sdk.Option
	if hc := transportClient(skipVerify); hc != nil {
		opts = append(opts, sdk.WithHTTPClient(hc))
	}
	return sdk.NewWithOptions(opts...)
}

// GOOD: the result goes straight into another package's constructor.
func plainClient() *http.Client { return &http.Client{} }

func newSDKFromPlain() *sdk.Client { return sdk.NewWithClient(plainClient()) }

// GOOD (issue 12, returned.go): an exported helper is also its callers' in
// other packages, who set the deadline; the package's own call hands it over.
func NewClient() *http.Client {
	return &http.Client{}
}

func newSDKExported() *sdk.Client { return sdk.NewWithClient(NewClient()) }

// Look-alikes that stay reported.

// One call of the helper sends with the client.
func sharedClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

func newSDKShared() *sdk.Client { return sdk.NewWithClient(sharedClient()) }

func fetchShared(u string) (*http.Response, error) { return sharedClient().Get(u) }
