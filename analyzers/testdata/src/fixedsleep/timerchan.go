package fixedsleep

import (
	"context"
	"errors"
	"math/rand"
	"net"
	"time"
)

// A helper that returns a channel its timer of the duration parameter feeds
// makes a receive from its result a wait of what the caller hands it, as
// <-time.After(d) would: a constant argument is a constant pace.

// fireAfter delivers the time once d has passed, or closes the channel when
// ctx is done first.
func fireAfter(ctx context.Context, d time.Duration) <-chan time.Time {
	t := time.NewTimer(d)
	fired := make(chan time.Time, 1)
	go func() {
		defer t.Stop()
		select {
		case <-ctx.Done():
			close(fired)
		case now := <-t.C:
			fired <- now
		}
	}()
	return fired
}

// ringAfter is time.After behind a name of the package.
func ringAfter(d time.Duration) <-chan time.Time { return time.After(d) }

// timerChan hands back the channel of a timer of d.
func timerChan(d time.Duration) <-chan time.Time {
	t := time.NewTimer(d)
	return t.C
}

var errRefused = errors.New("refused for good")

type tcLink struct {
	addr string
	conn net.Conn
}

func (l *tcLink) redial() error {
	c, err := net.Dial("tcp", l.addr)
	if err == nil {
		l.conn = c
	}
	return err
}

func (l *tcLink) reconnect(ctx context.Context) error {
	retryIn := 15 * time.Second
	for { // want `retry loop waits the same retryIn before every attempt`
		<-fireAfter(ctx, retryIn)
		err := l.redial()
		if err == nil {
			return nil
		}
		if errors.Is(err, errRefused) {
			return err
		}
	}
}

func (l *tcLink) reconnectSelect(ctx context.Context) error {
	for { // want `retry loop waits the same 15 \* time.Second before every attempt`
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ringAfter(15 * time.Second):
		}
		if err := l.redial(); err == nil {
			return nil
		}
	}
}

func (l *tcLink) reconnectTimerChan() error {
	for i := 0; i < 20; i++ { // want `retry loop waits the same 2 \* time.Second before every attempt`
		if err := l.redial(); err == nil {
			return nil
		}
		<-timerChan(2 * time.Second)
	}
	return errRefused
}

// ---- look-alikes ----

func (l *tcLink) reconnectJittered(ctx context.Context) error {
	for {
		<-fireAfter(ctx, 10*time.Second+time.Duration(rand.Int63n(int64(10*time.Second))))
		if err := l.redial(); err == nil {
			return nil
		}
	}
}

// tcGate opens when something else says so: the timer of d only ends a
// watch, it does not feed the channel returned.
type tcGate struct{ open chan time.Time }

func (g *tcGate) after(ctx context.Context, d time.Duration) <-chan time.Time {
	t := time.NewTimer(d)
	go func() {
		defer t.Stop()
		select {
		case <-ctx.Done():
		case <-t.C:
		}
	}()
	return g.open
}

func (l *tcLink) reconnectGate(ctx context.Context, g *tcGate) error {
	for {
		<-g.after(ctx, 15*time.Second)
		if err := l.redial(); err == nil {
			return nil
		}
	}
}

// hangAfter never delivers once ctx is done: a receive may wait past d.
func hangAfter(ctx context.Context, d time.Duration) <-chan time.Time {
	t := time.NewTimer(d)
	fired := make(chan time.Time, 1)
	go func() {
		defer t.Stop()
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			fired <- now
		}
	}()
	return fired
}

func (l *tcLink) reconnectHang(ctx context.Context) error {
	for {
		<-hangAfter(ctx, 15*time.Second)
		if err := l.redial(); err == nil {
			return nil
		}
	}
}

// stoppedChan stops its timer: the channel it returns never fires.
func stoppedChan(d time.Duration) <-chan time.Time {
	t := time.NewTimer(d)
	t.Stop()
	return t.C
}

func (l *tcLink) reconnectStopped() error {
	for i := 0; i < 10; i++ {
		if err := l.redial(); err == nil {
			return nil
		}
		<-stoppedChan(2 * time.Second)
	}
	return errRefused
}
