// Package localopen is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// An attempt that opens a kernel object of this machine (a pinned BPF map)
// or reads a key pair from disk never leaves the process, although the
// libraries it calls import the network: the rules about load on a
// dependency stay quiet. The same loop around a query stays reported. A sync.Once
// that runs an endless retry holds every caller of the once for as long as
// it goes round, whatever the attempt reaches: unboundedretry reports it.
//
// rules: retryall fixedsleep nojitter unboundedretry
package localopen

import (
	"context"
	"crypto/tls"
	"database/sql"
	"log"
	"sync"
	"time"

	"github.com/cilium/ebpf"
	"sigs.k8s.io/controller-runtime/pkg/certwatcher"
)

// Quiet: the map is pinned by another part of the agent, some time after start.
func waitForPinnedMap(ctx context.Context, path string) (*ebpf.Map, error) {
	for {
		m, err := ebpf.LoadPinnedMap(path, &ebpf.LoadPinOptions{})
		if err == nil {
			return m, nil
		}
		log.Printf("map %s not pinned yet: %v", path, err)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
}

// Quiet: the key pair is written by another process after start.
func waitForKeyPair(ctx context.Context, certFile, keyFile string) (tls.Certificate, error) {
	t := time.NewTimer(5 * time.Second)
	defer t.Stop()
	for {
		cert, err := tls.LoadX509KeyPair(certFile, keyFile)
		if err == nil {
			return cert, nil
		}
		log.Printf("key pair not ready: %v", err)
		t.Reset(5 * time.Second)
		select {
		case <-ctx.Done():
			return tls.Certificate{}, ctx.Err()
		case <-t.C:
		}
	}
}

// Quiet: a certificate watcher made once its files are there.
func waitForWatcher(ctx context.Context, certFile, keyFile string) (*certwatcher.CertWatcher, error) {
	for {
		w, err := certwatcher.New(certFile, keyFile)
		if err == nil {
			return w.WithWatchInterval(time.Minute), nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(5 * time.Second):
		}
	}
}

// Reported: the same wait around a query of a database server.
func waitForRow(ctx context.Context, db *sql.DB, id string) (string, error) {
	for { // reports: retryall fixedsleep
		var name string
		err := db.QueryRowContext(ctx, "SELECT name FROM maps WHERE id = $1", id).Scan(&name)
		if err == nil {
			return name, nil
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
}

var (
	sharedMap   *ebpf.Map
	sharedErr   error
	openOnce    sync.Once
	boundedOnce sync.Once
)

// Reported by unboundedretry alone: the count only picks the log line, and
// every caller of the once waits while the map is missing.
func pinnedMap(path string) (*ebpf.Map, error) {
	openOnce.Do(func() {
		n := 0
		for { // reports: unboundedretry
			sharedMap, sharedErr = ebpf.LoadPinnedMap(path, nil)
			if sharedErr == nil {
				return
			}
			if n > 5 {
				log.Printf("map %s still missing after %d tries", path, n)
			}
			time.Sleep(500 * time.Millisecond)
			n++
		}
	})
	return sharedMap, sharedErr
}

// Quiet: the same once, left after a few tries with the error kept.
func pinnedMapBounded(path string) (*ebpf.Map, error) {
	boundedOnce.Do(func() {
		n := 0
		for {
			sharedMap, sharedErr = ebpf.LoadPinnedMap(path, nil)
			if sharedErr == nil || n > 5 {
				return
			}
			time.Sleep(500 * time.Millisecond)
			n++
		}
	})
	return sharedMap, sharedErr
}

// Quiet: the same endless wait on a goroutine of its own, which no caller waits for.
func watchPinnedMap(path string, found chan<- *ebpf.Map) {
	go func() {
		for {
			m, err := ebpf.LoadPinnedMap(path, nil)
			if err == nil {
				found <- m
				return
			}
			time.Sleep(500 * time.Millisecond)
		}
	}()
}

type tracker struct {
	once sync.Once
	m    *ebpf.Map
}

// Reported by unboundedretry alone: a method a once runs by name.
func (t *tracker) open() {
	for { // reports: unboundedretry
		m, err := ebpf.LoadPinnedMap("/sys/fs/bpf/tracker", nil)
		if err == nil {
			t.m = m
			return
		}
		time.Sleep(time.Second)
	}
}

func (t *tracker) get() *ebpf.Map {
	t.once.Do(t.open)
	return t.m
}

// Quiet: a value a once computes, bounded by a count that leaves.
var loadValue = sync.OnceValues(func() (*ebpf.Map, error) {
	var err error
	for i := 0; i < 3; i++ {
		var m *ebpf.Map
		if m, err = ebpf.LoadPinnedMap("/sys/fs/bpf/value", nil); err == nil {
			return m, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
})
