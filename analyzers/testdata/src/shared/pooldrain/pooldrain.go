// Package pooldrain is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry
package pooldrain

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"net"
	"os"
	"sync"
)

// ---- a new member of a pool each round: quiet ----

var db *sql.DB

// link stands for a connection to a peer that can refuse for good: its
// failures are worth classifying and bounding.
type link struct{ id int }

func (k *link) Send(b []byte) error {
	_, err := db.Exec("INSERT INTO log VALUES (?)", b)
	return err
}

func (k *link) Close() error { return nil }

func open(addr string) (*link, error) {
	err := db.Ping()
	return &link{}, err
}

// Each round takes another link off the channel; a broken one is closed.
func sendOnIdle(idle chan *link, b []byte) *link {
	for {
		k := <-idle
		if err := k.Send(b); err != nil {
			k.Close()
			continue
		}
		return k
	}
}

// The member is declared before the loop and the failure is told by the
// attempt's result alone.
func sendOnIdleDeclared(idle chan *link, b []byte) *link {
	var k *link
	for {
		k = <-idle
		if k.Send(b) != nil {
			k.Close()
		} else {
			break
		}
	}
	return k
}

// The take is one case of a select that also ends on the context.
func sendOnIdleOrDone(ctx context.Context, idle chan *link, b []byte) (*link, error) {
	for {
		select {
		case k := <-idle:
			if err := k.Send(b); err != nil {
				k.Close()
				continue
			}
			return k, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

type uploader struct {
	pool sync.Pool
	addr string
}

// Pooled links until the pool is empty, then one new link whose failure ends
// the loop.
func (u *uploader) upload(b []byte) error {
	var k *link
	for {
		v := u.pool.Get()
		fresh := v == nil
		if fresh {
			nk, err := open(u.addr)
			if err != nil {
				return err
			}
			k = nk
		} else {
			k = v.(*link)
		}
		err := k.Send(b)
		if err == nil {
			break
		} else if fresh {
			return err
		}
	}
	u.pool.Put(k)
	return nil
}

// ---- the same member again: reported ----

// One link, taken before the loop, for every round.
func sendOnOne(idle chan *link, b []byte) *link {
	k := <-idle
	for { // reports: fixedsleep retryall unboundedretry
		if err := k.Send(b); err != nil {
			continue
		}
		return k
	}
}

// Another link each round, but a failed one is kept open: the failure is
// taken for the message's, which goes to the next link.
func sendOnAnyKept(idle chan *link, b []byte) *link {
	for { // reports: retryall unboundedretry
		k := <-idle
		if err := k.Send(b); err != nil {
			continue
		}
		return k
	}
}

// The link goes back to the channel before the loop goes round: it may be
// the next one taken.
func sendHandedBack(idle chan *link, b []byte) {
	for { // reports: retryall unboundedretry
		k := <-idle
		err := k.Send(b)
		idle <- k
		if err != nil {
			continue
		}
		return
	}
}

// The receive only waits for a signal; the attempt runs on the same link.
func sendOnSignal(ready chan struct{}, k *link, b []byte) {
	for { // reports: retryall unboundedretry
		<-ready
		if err := k.Send(b); err != nil {
			continue
		}
		return
	}
}

// A new link opened when the pool is empty goes round on failure: with the
// pool empty, each round opens one again.
func (u *uploader) uploadFreshRetried(b []byte) error {
	for { // reports: fixedsleep retryall unboundedretry
		v := u.pool.Get()
		if v == nil {
			k, err := open(u.addr)
			if err != nil {
				return err
			}
			v = k
		}
		if err := v.(*link).Send(b); err != nil {
			continue
		}
		u.pool.Put(v)
		return nil
	}
}

// With no idle link at hand a new one is made, and its failure goes round.
func sendOnIdleOrNew(idle chan *link, b []byte) *link {
	for { // reports: fixedsleep retryall unboundedretry
		var k *link
		select {
		case k = <-idle:
		default:
			k = &link{}
		}
		if err := k.Send(b); err != nil {
			continue
		}
		return k
	}
}

// ---- datagram receive loops: quiet ----

// A bad datagram is skipped; a closed socket ends the loop.
func receive(pc net.PacketConn, b []byte) (int, net.Addr, error) {
	for {
		n, from, err := pc.ReadFrom(b)
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return 0, nil, err
			}
			log.Print(err)
			continue
		}
		return n, from, nil
	}
}

func isClosed(err error) bool {
	return errors.Is(err, net.ErrClosed) || errors.Is(err, os.ErrClosed)
}

// The closed test goes through a predicate, and the success fills results.
func receiveInto(pc net.PacketConn, bufs [][]byte, sizes []int) int {
	for {
		n, _, err := pc.ReadFrom(bufs[0])
		if err != nil {
			if isClosed(err) {
				return 0
			}
			continue
		}
		sizes[0] = n
		return 1
	}
}

// ---- the same shape on a write, or with no closed test: reported ----

// A write to one peer goes round on every failure but a closed socket.
func sendTo(pc net.PacketConn, b []byte, peer net.Addr) error {
	for { // reports: unboundedretry
		_, err := pc.WriteTo(b, peer)
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return err
			}
			continue
		}
		return nil
	}
}

// Every failure goes round: once the socket is closed, every read fails at
// once, for ever.
func receiveAny(pc net.PacketConn, b []byte) (int, net.Addr) {
	for { // reports: unboundedretry
		n, from, err := pc.ReadFrom(b)
		if err != nil {
			continue
		}
		return n, from
	}
}
