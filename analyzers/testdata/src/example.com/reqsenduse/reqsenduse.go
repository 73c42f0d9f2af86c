// Package reqsenduse hands clients without Timeout to the functions of
// reqsend, directly and through func-typed fields: a send bounded there is
// quiet here, one without a deadline there is reported here, and a func
// value whose function is unknown is out of reach.
package reqsenduse

import (
	"context"
	"net/http"
	"time"

	"example.com/reqsend"
)

func noRedirect(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// verifier sends every request through reqsend.Lookup under a deadline of
// its own: quiet.
type verifier struct {
	client *http.Client
}

func newVerifier() *verifier {
	return &verifier{client: &http.Client{CheckRedirect: noRedirect}}
}

func (v *verifier) verify(u string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return reqsend.Lookup(ctx, v.client, u)
}

// unboundVerifier hands reqsend.Lookup a context without a deadline.
type unboundVerifier struct {
	client *http.Client
}

func newUnboundVerifier() *unboundVerifier {
	return &unboundVerifier{client: &http.Client{CheckRedirect: noRedirect}} // want `http.Client has no Timeout`
}

func (v *unboundVerifier) verify(u string) error {
	return reqsend.Lookup(context.Background(), v.client, u)
}

// plainReader sends through reqsend.ReadPlain, which has no context.
type plainReader struct {
	client *http.Client
}

func newPlainReader() *plainReader {
	return &plainReader{client: &http.Client{}} // want `http.Client has no Timeout`
}

func (r *plainReader) read() error { return reqsend.ReadPlain(r.client) }

// lookupWithCaller hands its caller's context on: the caller's bound.
func lookupWithCaller(ctx context.Context, u string) error {
	c := &http.Client{CheckRedirect: noRedirect}
	return reqsend.Lookup(ctx, c, u)
}

// readOwn: ReadDoc sets its own deadline.
func readOwn(id string) error {
	return reqsend.ReadDoc(&http.Client{}, id)
}

// readBackground: ReadBackground has none.
func readBackground(u string) error {
	return reqsend.ReadBackground(&http.Client{}, u) // want `http.Client has no Timeout`
}

// readDefaultOwn: the default client through ReadDoc is bounded there.
func readDefaultOwn(id string) error {
	return reqsend.ReadDoc(http.DefaultClient, id)
}

// readDefaultPlain: through ReadPlain it is not.
func readDefaultPlain() error {
	return reqsend.ReadPlain(http.DefaultClient) // want `http.DefaultClient has no timeout`
}

// keepDefault: Keep hands the client on; a direct call of another package
// without a fact is reported as before.
func keepDefault(ctx context.Context) {
	reqsend.Keep(ctx, http.DefaultClient, func(*http.Client) {}) // want `http.DefaultClient has no timeout`
}

// attestor reaches reqsend through hooks its constructor sets, each to one
// function (tests may swap in fakes).
type attestor struct {
	hooks struct {
		readDoc   func(reqsend.Doer, string) error
		readPlain func(reqsend.Doer) error
		either    func(reqsend.Doer, string) error
	}
	external func(reqsend.Doer, string) error
}

func newAttestor(pick bool) *attestor {
	a := &attestor{}
	a.hooks.readDoc = reqsend.ReadDoc
	a.hooks.readPlain = reqsend.ReadPlain
	a.hooks.either = reqsend.ReadDoc
	if pick {
		a.hooks.either = readLocal
	}
	return a
}

func readLocal(d reqsend.Doer, id string) error { return nil }

func (a *attestor) attest(nonce string) error {
	if err := a.hooks.readDoc(http.DefaultClient, nonce); err != nil { // ReadDoc sets its own deadline
		return err
	}
	if err := a.hooks.either(http.DefaultClient, nonce); err != nil { // one of two functions: out of reach
		return err
	}
	if err := a.external(http.DefaultClient, nonce); err != nil { // never set here: out of reach
		return err
	}
	return a.hooks.readPlain(http.DefaultClient) // want `http.DefaultClient has no timeout`
}

// fetcher's hook is set by name to ReadPlain and, in a literal without
// keys, to readLocal: two functions, out of reach.
type fetcher struct {
	read func(reqsend.Doer) error
}

func newFetchers() []*fetcher {
	f := &fetcher{}
	f.read = reqsend.ReadPlain
	return []*fetcher{f, {readNothing}}
}

func readNothing(reqsend.Doer) error { return nil }

func (f *fetcher) fetch() error {
	return f.read(http.DefaultClient) // set to two functions: out of reach
}

// callValue hands the default client to a func value of its caller: out of
// reach.
func callValue(read func(reqsend.Doer, string) error) error {
	return read(http.DefaultClient, "x")
}

// callLocalValue: a local variable defined once by ReadPlain is that
// function.
func callLocalValue() error {
	read := reqsend.ReadPlain
	return read(http.DefaultClient) // want `http.DefaultClient has no timeout`
}

// callValueClient: a built client handed to an unknown func value is out of
// reach too.
func callValueClient(read func(reqsend.Doer, string) error) error {
	return read(&http.Client{}, "x")
}
