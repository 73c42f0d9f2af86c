package fixedsleep

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
)

// A loop may hand each round's target to a setter of an object the attempt
// reads back (here through its context) instead of passing it: the attempt
// goes to another instance each round, a failover.

type instance struct{ addr string }

type callTarget struct{ inst *instance }

func (t *callTarget) SetInstance(in *instance) { t.inst = in }

type callTargetKey struct{}

func targetOf(ctx context.Context) *callTarget {
	t, _ := ctx.Value(callTargetKey{}).(*callTarget)
	return t
}

type instancePicker struct {
	list []*instance
	cur  int
}

func (p *instancePicker) Next() *instance {
	p.cur++
	return p.list[p.cur%len(p.list)]
}

type instanceBalancer struct{ list []*instance }

func (b *instanceBalancer) Picker() *instancePicker { return &instancePicker{list: b.list} }

var errInstanceBusy = errors.New("instance busy")

// callTargeted sends body to the instance set on ctx's call target.
func callTargeted(ctx context.Context, body string) error {
	t := targetOf(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+t.inst.addr+"/call", strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusServiceUnavailable {
		return errInstanceBusy
	}
	return nil
}

// GOOD: a fresh pick each round, set on the call target the attempt reads.
func callAnyInstance(ctx context.Context, lb *instanceBalancer, body string) error {
	target := targetOf(ctx)
	var err error
	for i := 0; i < 6; i++ {
		ins := lb.Picker().Next()
		target.SetInstance(ins)
		if err = callTargeted(ctx, body); !errors.Is(err, errInstanceBusy) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// GOOD: each instance of the list once, by the counter.
func callEachInstance(ctx context.Context, all []*instance, body string) error {
	target := targetOf(ctx)
	var err error
	for i := 0; i < len(all); i++ {
		target.SetInstance(all[i])
		if err = callTargeted(ctx, body); !errors.Is(err, errInstanceBusy) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Look-alike: picked and set once, the same instance every round.
func callPickedOnce(ctx context.Context, lb *instanceBalancer, body string) error {
	target := targetOf(ctx)
	target.SetInstance(lb.Picker().Next())
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if err = callTargeted(ctx, body); !errors.Is(err, errInstanceBusy) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

type callMetrics struct{ last *instance }

func (m *callMetrics) SetLast(in *instance) { m.last = in }

var instanceMetrics = &callMetrics{}

// Look-alike: the pick goes to a metrics object the attempt never reads; the
// attempt goes to the same instance every round.
func callRecordingPicks(ctx context.Context, lb *instanceBalancer, body string) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		instanceMetrics.SetLast(lb.Picker().Next())
		if err = callTargeted(ctx, body); !errors.Is(err, errInstanceBusy) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

type targetedCall struct {
	inst    *instance
	attempt int
}

func (c *targetedCall) SetInstance(in *instance) { c.inst = in }
func (c *targetedCall) SetAttempt(n int)         { c.attempt = n }

func sendCall(ctx context.Context, c *targetedCall) error {
	return callTargeted(context.WithValue(ctx, callTargetKey{}, &callTarget{inst: c.inst}), "")
}

// GOOD: each instance of the list set on the call the attempt takes.
func sendToEach(ctx context.Context, all []*instance, c *targetedCall) error {
	var err error
	for _, in := range all {
		c.SetInstance(in)
		if err = sendCall(ctx, c); !errors.Is(err, errInstanceBusy) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Look-alike: the counter set on the call is an attempt number, not a target.
func sendNumbered(ctx context.Context, c *targetedCall) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		c.SetAttempt(i)
		if err = sendCall(ctx, c); !errors.Is(err, errInstanceBusy) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

type instanceSetter interface{ SetInstance(in *instance) }

type nextPicker interface{ Next() *instance }

type pickerSource interface{ Picker() nextPicker }

// GOOD: at once onto a fresh pick from a picker taken each round, set through
// an interface on the call target the attempt reads.
func callPicked(ctx context.Context, lb pickerSource, body string) error {
	var target instanceSetter = targetOf(ctx)
	var err error
	for i := 0; i < 6; i++ {
		p := lb.Picker()
		ins := p.Next()
		target.SetInstance(ins)
		err = callTargeted(ctx, body)
		if err == nil {
			return nil
		}
		if errors.Is(err, errInstanceBusy) {
			continue
		}
		return err
	}
	return err
}
