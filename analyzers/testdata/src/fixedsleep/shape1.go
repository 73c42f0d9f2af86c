package fixedsleep

// Issue 12, shape 1: the rule reports a retry only when its attempt may reach
// another system (retryscope: Region.Remote). The attempts of the shape1Local
// cases stay in the process and are quiet; those of shape1Remote reach a
// server, directly or through calls, and are reported.

import (
	"context"
	"database/sql"
	"errors"
	"net"
	"net/http"
	"os"
	"sync"
	"time"

	"example.com/remotedep"
)

var (
	s1ErrClockBehind = errors.New("clock behind the last ID")
	s1ErrMissing     = errors.New("not in the index")
	s1LastMillis     int64
)

func s1NextID() (int64, error) {
	now := time.Now().UnixMilli()
	if now <= s1LastMillis {
		return 0, s1ErrClockBehind
	}
	s1LastMillis = now
	return now, nil
}

type s1Index struct {
	mu sync.Mutex
	m  map[string]int
}

func (ix *s1Index) lookup(key string) (int, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	v, ok := ix.m[key]
	if !ok {
		return 0, s1ErrMissing
	}
	return v, nil
}

func s1MarkDone(ctx context.Context, db *sql.DB) error { return s1Exec(ctx, db) }

func s1Exec(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, "UPDATE jobs SET state = 'done'")
	return err
}

type s1Store interface{ Save(key string) error }

type s1Worker struct{ op func() error }

// shape1LocalIDWhileClockCatchesUp: an ID generated again until the clock moves past the last one.
func shape1LocalIDWhileClockCatchesUp() error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = s1NextID(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // quiet: an ID generated again until the clock moves past the last one
	}
	return err
}

// shape1LocalRenameIntoPlace: a rename on the local disk.
func shape1LocalRenameIntoPlace(tmp, dst string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = os.Rename(tmp, dst); err == nil {
			return nil
		}
		time.Sleep(time.Second) // quiet: a rename on the local disk
	}
	return err
}

// shape1LocalLockFile: a lock file held by another local process.
func shape1LocalLockFile(path string) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600); err == nil {
			return nil
		}
		time.Sleep(time.Second) // quiet: a lock file held by another local process
	}
	return err
}

// shape1LocalInMemoryIndex: a re-read of an in-memory index.
func shape1LocalInMemoryIndex(ix *s1Index, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = ix.lookup(key); err == nil {
			return nil
		}
		time.Sleep(time.Second) // quiet: a re-read of an in-memory index
	}
	return err
}

// shape1LocalLocalOfOtherPackage: a function of another package whose fact says local.
func shape1LocalLocalOfOtherPackage(path string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = remotedep.Claim(path); err == nil {
			return nil
		}
		time.Sleep(time.Second) // quiet: a function of another package whose fact says local
	}
	return err
}

// shape1RemoteHTTPDo: an HTTP request.
func shape1RemoteHTTPDo(c *http.Client, req *http.Request) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if _, err = c.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// shape1RemoteSQLExec: a database statement.
func shape1RemoteSQLExec(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if _, err = db.ExecContext(ctx, "UPDATE jobs SET state = 'done'"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// shape1RemoteNetDial: a connection.
func shape1RemoteNetDial(addr string) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if _, err = net.Dial("tcp", addr); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// shape1RemoteSamePackageHelper: a helper of this package that reaches the database two calls down.
func shape1RemoteSamePackageHelper(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if err = s1MarkDone(ctx, db); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// shape1RemoteOtherPackageFact: a function of another package with the Remote fact.
func shape1RemoteOtherPackageFact(ctx context.Context) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if err = remotedep.Fetch(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// shape1RemoteInterfaceMethod: an interface method with no implementation in sight.
func shape1RemoteInterfaceMethod(st s1Store, key string) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if err = st.Save(key); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// shape1RemoteFuncValue: a call through a func value (a field).
func shape1RemoteFuncValue(w *s1Worker) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop waits the same time.Second before every attempt`
		if err = w.op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
