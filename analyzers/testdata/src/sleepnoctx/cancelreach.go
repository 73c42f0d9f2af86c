package sleepnoctx

import (
	"context"
	"net"
	"time"
)

// A wait ignores cancellation only when a cancellation is in reach: a
// context in scope, a stop channel the function can watch, or a caller of
// the package holding a context it could hand down. With none in sight the
// wait ignores nothing, and the finding would be noise.

type crWorker struct {
	addr   string
	stopCh chan struct{}
}

// Stop closes the worker's stop channel.
func (w *crWorker) Stop() { close(w.stopCh) }

// BAD: the receiver's stop channel, closed by Stop, is ignored for 30 s.
func (w *crWorker) connect() net.Conn {
	for { // want `time.Sleep between retry attempts ignores the stop channel w.stopCh: wait in a select on w.stopCh and a timer`
		c, err := net.Dial("tcp", w.addr)
		if err == nil {
			return c
		}
		time.Sleep(30 * time.Second)
	}
}

// BAD: the caller's stop channel is ignored.
func crConnectUntil(addr string, stop <-chan struct{}) net.Conn {
	for { // want `time.Sleep between retry attempts ignores the stop channel stop: wait in a select on stop and a timer`
		c, err := net.Dial("tcp", addr)
		if err == nil {
			return c
		}
		time.Sleep(30 * time.Second)
	}
}

type crDoner interface{ Done() <-chan struct{} }

// BAD: a value whose Done channel says stop is in scope.
func crConnectWhile(addr string, life crDoner) net.Conn {
	for { // want `time.Sleep between retry attempts ignores the stop channel life.Done\(\): wait in a select on life.Done\(\) and a timer`
		c, err := net.Dial("tcp", addr)
		if err == nil {
			return c
		}
		time.Sleep(30 * time.Second)
	}
}

type crSession struct{ addr string }

// Open holds a context it could pass down to dial.
func (s *crSession) Open(ctx context.Context) (net.Conn, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s.dial(), nil
}

// BAD: no context here, but its caller holds one to hand down.
func (s *crSession) dial() net.Conn {
	for { // want `time.Sleep between retry attempts cannot be cancelled: accept a context.Context`
		c, err := net.Dial("tcp", s.addr)
		if err == nil {
			return c
		}
		time.Sleep(30 * time.Second)
	}
}

// Quiet: no context, no stop channel, no caller holding either.
func CrConnectForever(addr string) net.Conn {
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			return c
		}
		time.Sleep(30 * time.Second)
	}
}

type crDialer interface{ Dial() net.Conn }

type crTCP struct{ addr string }

// Quiet: called only through crDialer, whose method takes no context.
func (t crTCP) Dial() net.Conn {
	for {
		c, err := net.Dial("tcp", t.addr)
		if err == nil {
			return c
		}
		time.Sleep(30 * time.Second)
	}
}

func crUseDialer(d crDialer) net.Conn { return d.Dial() }

// Quiet: a goroutine's loop started from a function with no context.
func crStartPinger(addr string) {
	go func() {
		for {
			c, err := net.Dial("tcp", addr)
			if err == nil {
				c.Close()
				return
			}
			time.Sleep(30 * time.Second)
		}
	}()
}

// Quiet: a channel read for its values is a queue, not a stop.
func crSendAll(addr string, jobs <-chan []byte) {
	for job := range jobs {
		for {
			c, err := net.Dial("tcp", addr)
			if err == nil {
				c.Write(job)
				c.Close()
				break
			}
			time.Sleep(30 * time.Second)
		}
	}
}

// Quiet: a ticker's channel is a clock, not a stop.
func crDialOnTick(addr string, tick <-chan time.Time) net.Conn {
	<-tick
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			return c
		}
		time.Sleep(30 * time.Second)
	}
}

type crQueue struct {
	addr  string
	ready chan struct{} // never closed: no stop
}

// Quiet: a receiver's channel field the package never closes says nothing.
func (q *crQueue) connect() net.Conn {
	for {
		c, err := net.Dial("tcp", q.addr)
		if err == nil {
			return c
		}
		time.Sleep(30 * time.Second)
	}
}

// Quiet: the goroutine closes done itself when it has finished: no stop.
func crDialInBackground(addr string) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := net.Dial("tcp", addr)
			if err == nil {
				c.Close()
				return
			}
			time.Sleep(30 * time.Second)
		}
	}()
	return done
}
