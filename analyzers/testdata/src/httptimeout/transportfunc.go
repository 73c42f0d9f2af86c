package httptimeout

import (
	"net/http"
	"time"

	"example.com/nettune"
)

// A client whose Transport a function of the analysed code builds with a
// ResponseHeaderTimeout waits a bounded time for an answer, as one with the
// literal does.

// GOOD: another package's helper sets ResponseHeaderTimeout.
func tunedClient() *http.Client {
	return &http.Client{Transport: nettune.NewTransport(time.Minute)}
}

func useTuned(u string) (*http.Response, error) { return tunedClient().Get(u) }

// GOOD: through a local variable, a helper that wraps the transport and
// lets a callback customise it.
func customClient(u string) (*http.Response, error) {
	t := nettune.NewCustom(time.Minute, func(t *http.Transport) { t.DisableCompression = true })
	hc := &http.Client{Transport: t}
	return hc.Get(u)
}

// GOOD: a literal with the field, returned by the helper.
func literalHelperClient(u string) (*http.Response, error) {
	return (&http.Client{Transport: nettune.NewLiteral()}).Get(u)
}

// GOOD: a helper of the same package.
func localTransport() *http.Transport {
	t := &http.Transport{}
	t.ResponseHeaderTimeout = 30 * time.Second
	return t
}

func localHelperClient(u string) (*http.Response, error) {
	return (&http.Client{Transport: localTransport()}).Get(u)
}

// Look-alikes that stay reported.

func dialOnlyClient(u string) (*http.Response, error) {
	return (&http.Client{Transport: nettune.DialOnly()}).Get(u) // want `http.Client has no Timeout`
}

func zeroHeaderClient(u string) (*http.Response, error) {
	return (&http.Client{Transport: nettune.ZeroHeader()}).Get(u) // want `http.Client has no Timeout`
}

func onePathClient(u string) (*http.Response, error) {
	return (&http.Client{Transport: nettune.OnePath(true)}).Get(u) // want `http.Client has no Timeout`
}

func closureClient(u string) (*http.Response, error) {
	t, set := nettune.InClosure()
	_ = set
	return (&http.Client{Transport: t}).Get(u) // want `http.Client has no Timeout`
}

// A helper that may fail, whose transport a package variable keeps for the
// client built next.
func boundedTransport(d time.Duration) (*http.Transport, error) {
	return &http.Transport{ResponseHeaderTimeout: d}, nil
}

func unboundedTransport() (*http.Transport, error) { return &http.Transport{}, nil }

var (
	keptTransport *http.Transport
	keptClient    *http.Client
	bareClient    *http.Client
)

// GOOD: the kept transport bounds the wait for an answer.
func setupKeptClient() error {
	t, err := boundedTransport(time.Minute)
	if err != nil {
		return err
	}
	keptTransport = t
	keptClient = &http.Client{Transport: keptTransport}
	return nil
}

// BAD: the kept transport bounds nothing.
func setupBareClient() error {
	t, err := unboundedTransport()
	if err != nil {
		return err
	}
	keptTransport = t
	bareClient = &http.Client{Transport: keptTransport} // want `http.Client has no Timeout`
	return nil
}

func useKept(u string) (*http.Response, error) { return keptClient.Get(u) }

func useBare(u string) (*http.Response, error) { return bareClient.Get(u) }
