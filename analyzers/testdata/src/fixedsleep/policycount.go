package fixedsleep

import (
	"context"
	"time"
)

// A loop that goes round only while a method of its package says so, where
// the method compares the loop's counter with a field of its receiver that
// the package sets only to constants (&countPolicy{n: 3}), goes round at most
// that many times: three tries 500 ms apart are a few quick tries.

type countPolicy struct{ n int }

func (p *countPolicy) again(tries int) bool { return tries <= p.n }

type countClient struct{ retry *countPolicy }

func newCountClient() *countClient { return &countClient{retry: &countPolicy{n: 3}} }

func (c *countClient) fetch(ctx context.Context) (err error) {
	for tries := 1; ; tries++ {
		if err = callCtx(ctx); err == nil || !c.retry.again(tries) {
			return err
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// Look-alike: a count the package does not fix keeps its finding.

type openPolicy struct{ n int }

func (p *openPolicy) again(tries int) bool { return tries <= p.n }

type openClient struct{ retry *openPolicy }

func newOpenClient(retries int) *openClient { return &openClient{retry: &openPolicy{n: retries}} }

func (c *openClient) fetch(ctx context.Context) (err error) {
	for tries := 1; ; tries++ { // want `retry loop waits the same 500 \* time.Millisecond before every attempt`
		if err = callCtx(ctx); err == nil || !c.retry.again(tries) {
			return err
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// Look-alike: a constant count of more than a few tries.

type manyPolicy struct{ n int }

func (p *manyPolicy) again(tries int) bool { return tries < p.n }

type manyClient struct{ retry *manyPolicy }

func newManyClient() *manyClient { return &manyClient{retry: &manyPolicy{n: 20}} }

func (c *manyClient) fetch(ctx context.Context) (err error) {
	for tries := 0; ; tries++ { // want `retry loop waits the same 500 \* time.Millisecond before every attempt`
		if err = callCtx(ctx); err == nil || !c.retry.again(tries) {
			return err
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// Look-alike: the loop goes round when the method says "no".
func (c *countClient) fetchInverted(ctx context.Context) (err error) {
	for tries := 1; ; tries++ { // want `retry loop waits the same 500 \* time.Millisecond before every attempt`
		if err = callCtx(ctx); err == nil || c.retry.again(tries) {
			return err
		}
		time.Sleep(500 * time.Millisecond)
	}
}
