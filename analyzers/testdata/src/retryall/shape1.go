package retryall

// Issue 12, shape 1: the rule reports a retry only when its attempt may reach
// another system (retryscope: Region.Remote). The attempts of the shape1Local
// cases stay in the process and are quiet; those of shape1Remote reach a
// server, directly or through calls, and are reported.

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"database/sql"
	"errors"
	"io"
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
	for i := 0; i < 3; i++ { // quiet: an ID generated again until the clock moves past the last one
		if _, err = s1NextID(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// shape1LocalRenameIntoPlace: a rename on the local disk.
func shape1LocalRenameIntoPlace(tmp, dst string) error {
	var err error
	for i := 0; i < 3; i++ { // quiet: a rename on the local disk
		if err = os.Rename(tmp, dst); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// shape1LocalLockFile: a lock file held by another local process.
func shape1LocalLockFile(path string) error {
	var err error
	for i := 0; i < 3; i++ { // quiet: a lock file held by another local process
		if _, err = os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// shape1LocalInMemoryIndex: a re-read of an in-memory index.
func shape1LocalInMemoryIndex(ix *s1Index, key string) error {
	var err error
	for i := 0; i < 3; i++ { // quiet: a re-read of an in-memory index
		if _, err = ix.lookup(key); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// shape1LocalLocalOfOtherPackage: a function of another package whose fact says local.
func shape1LocalLocalOfOtherPackage(path string) error {
	var err error
	for i := 0; i < 3; i++ { // quiet: a function of another package whose fact says local
		if err = remotedep.Claim(path); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// shape1RemoteHTTPDo: an HTTP request whose status becomes its error.
func shape1RemoteHTTPDo(c *http.Client, req *http.Request) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = s1Send(c, req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func s1Send(c *http.Client, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return errors.New(resp.Status)
	}
	return nil
}

// shape1RemoteSQLExec: a database statement.
func shape1RemoteSQLExec(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if _, err = db.ExecContext(ctx, "UPDATE jobs SET state = 'done'"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// shape1RemoteNetDial: a connection. Remote, but a dial fails only on the
// way (refused, reset, timed out): nothing to classify (MayBeRefused).
func shape1RemoteNetDial(addr string) error {
	var err error
	for i := 0; i < 3; i++ { // quiet: connection-level only
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
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
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
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
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
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
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
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = w.op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

var s1Key []byte

// s1SetKey checks a password and keeps its digest: the hash's Write, promoted
// from io.Writer into hash.Hash, digests in memory, and a cipher's stream
// encrypts in memory.
func s1SetKey(pw string) error {
	if pw == "" {
		return errors.New("empty password")
	}
	h := sha256.New()
	if _, err := h.Write([]byte(pw)); err != nil {
		return err
	}
	s1Key = h.Sum(nil)
	return s1Seal(s1Key)
}

// s1Seal encrypts with the key: a cipher's stream works on buffers.
func s1Seal(key []byte) error {
	block, err := aes.NewCipher(key)
	if err != nil {
		return err
	}
	iv := make([]byte, aes.BlockSize)
	out := make([]byte, len(key))
	cipher.NewCTR(block, iv).XORKeyStream(out, key)
	return nil
}

func s1Prompt() string { return os.Getenv("S1_PASSWORD") }

// shape1LocalHashedPassword: asks again until the password hashes.
func shape1LocalHashedPassword() {
	for { // quiet: a digest in memory
		if err := s1SetKey(s1Prompt()); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// s1Record writes the password's line to a writer: any io.Writer may be a
// connection.
func s1Record(w io.Writer, pw string) error {
	_, err := w.Write([]byte(pw))
	return err
}

// shape1RemoteWriterWrite: the same Write on an io.Writer.
func shape1RemoteWriterWrite(w io.Writer, pw string) error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = s1Record(w, pw); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
