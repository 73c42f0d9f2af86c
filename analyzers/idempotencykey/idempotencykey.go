// Package idempotencykey defines an Analyzer that reports retried non-idempotent
// HTTP requests without a stable idempotency key.
//
// # Retried POST or PATCH without a stable idempotency key
//
// A request that timed out may still have taken effect: the server charged the
// card, created the order, and only the answer got lost. Retrying a POST or a
// PATCH then applies it twice, unless the request carries an idempotency key
// (the Idempotency-Key header of the IETF httpapi draft, or one configured in
// idempotency_headers) that stays the same on every attempt, so that the
// server can recognise the repeat and return the first result.
//
// The analyzer reports, in every retry region (retry loop, recursive retry,
// retry callback) and for every call of a self-retrying client (go-retryablehttp,
// which retries by itself even without a region; not a failover, which sends
// the request once to each of several targets, directly or through a function
// it calls per target):
//   - a POST or PATCH sent without an idempotency header;
//   - an idempotency key generated inside the region (uuid.New*, math/rand,
//     crypto/rand, or a function of the package that calls one), so that every
//     attempt sends a new key; also when the fresh key is handed to a helper that
//     sets the header.
//
// Methods come from constants (http.MethodPost, "PATCH"), from http.Post,
// http.PostForm and (*http.Client).Post/PostForm, and from go-retryablehttp's
// NewRequest, Post and PostForm. GET, HEAD, PUT, DELETE and OPTIONS are
// idempotent by definition (RFC 9110, section 9.2.2) and never reported; nor is a
// request whose method is not a constant, nor an OAuth 2.0 token request (a form
// body setting grant_type, or a URL from an oauth2 TokenURL field), whose repeat
// is refused or hands out a token. A key made once before the region and
// reused on each attempt is the fix, and so is a request built, with its key,
// before the region. Functions of the same package called from the region
// (request builders, senders, header setters) are followed one level. A
// function that hands a self-retrying client a request (or method) from its
// parameters is read through its callers in the package: the POST and PATCH
// requests they build without a key are reported once, at the send.
package idempotencykey

import (
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

const doc = `report retried POST/PATCH requests without a stable idempotency key

A retry region (or a self-retrying client such as go-retryablehttp) that sends a
POST or PATCH without an idempotency header, or with a key generated inside the
region, can apply the request twice; make one key per logical operation before
the retry and send it on every attempt.`

// Analyzer reports retried non-idempotent requests without a stable key.
var Analyzer = lint.New("idempotencykey", doc, run, inspect.Analyzer)

func run(p *lint.Pass) error {
	if len(p.Scope.Regions) == 0 && !importsSelfRetrying(p) {
		return nil
	}
	c := newChecker(p)
	for _, r := range p.Scope.Regions {
		if r.Body == nil || r.Failover || c.retriesOnlyRejections(r) {
			continue
		}
		if pos, end, ok := p.Scope.Span(r); ok {
			c.region(r, pos, end)
		}
	}
	c.selfRetrying()
	return nil
}

// importsSelfRetrying reports whether the package imports go-retryablehttp, whose
// calls retry without a region.
func importsSelfRetrying(p *lint.Pass) bool {
	for _, imp := range p.Pkg.Imports() {
		if imp.Path() == retryablehttp {
			return true
		}
	}
	return false
}
