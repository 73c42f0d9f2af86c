// Package heartbeat is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep unboundedretry sleepnoctx
package heartbeat

import (
	"context"
	"net"
	"time"
)

// A heartbeat that reconnects: a ticker paces a send on every tick, a stop in
// the same select ends it, and a failed open or send starts over. It runs
// until its stop by design (no attempt limit to ask for), and when every
// timed wait lasts the ticker's interval that interval is its pace, not a
// retry's wait to grow. A wait that ignores the stop is still reported.
// (A goto loop gets one fixedsleep per way back: the ticker's and the sleep's.)

type stream struct{ c net.Conn }

func (s *stream) Send(b []byte) error {
	_, err := s.c.Write(b)
	return err
}

func open(ctx context.Context) (*stream, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", "monitor.example:7000")
	if err != nil {
		return nil, err
	}
	return &stream{c: c}, nil
}

// GOOD for the pace and the bound; the reconnect's sleep ignores done.
func keepAlive(every time.Duration, done <-chan struct{}) {
again: // reports: sleepnoctx
	s, err := open(context.Background())
	if err != nil {
		time.Sleep(every)
		goto again
	}
	t := time.NewTicker(every)
	for {
		select {
		case <-t.C:
			if s.Send([]byte("beat")) != nil {
				t.Stop()
				goto again
			}
		case <-done:
			t.Stop()
			return
		}
	}
}

// GOOD: the same as a loop, the reconnect waiting on the context too.
func report(ctx context.Context, every time.Duration) {
redial:
	for {
		s, err := open(ctx)
		if err != nil {
			select {
			case <-ctx.Done():
				return
			case <-time.After(every):
			}
			continue
		}
		t := time.NewTicker(every)
		for {
			select {
			case <-t.C:
				if s.Send([]byte("up")) != nil {
					t.Stop()
					continue redial
				}
			case <-ctx.Done():
				t.Stop()
				return
			}
		}
	}
}

// BAD: a reconnect loop with no beat, a constant wait after every failure.
func connect(ctx context.Context, done <-chan struct{}) *stream {
	for { // reports: fixedsleep
		s, err := open(ctx)
		if err == nil {
			return s
		}
		select {
		case <-done:
			return nil
		case <-time.After(3 * time.Second):
		}
	}
}

// BAD: the beat has no stop: nothing ends the reconnects.
func beatForever(every time.Duration) {
again: // reports: fixedsleep unboundedretry
	s, err := open(context.Background())
	if err != nil {
		time.Sleep(every)
		goto again
	}
	for range time.Tick(every) {
		if s.Send([]byte("beat")) != nil {
			goto again
		}
	}
}

// BAD for the pace: the reconnect waits a second of its own, not the beat.
func keepAliveFast(every time.Duration, done <-chan struct{}) {
again: // reports: fixedsleep sleepnoctx
	s, err := open(context.Background())
	if err != nil {
		time.Sleep(time.Second)
		goto again
	}
	t := time.NewTicker(every)
	for {
		select {
		case <-t.C:
			if s.Send([]byte("beat")) != nil {
				t.Stop()
				goto again
			}
		case <-done:
			t.Stop()
			return
		}
	}
}
