package retrybody

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"strings"
	"time"
)

// apiClient sends JSON to one service; its retry loop builds a new request
// on every attempt, from the body reader its callers hand it.
type apiClient struct {
	hc   *http.Client
	base string
}

func retryable(resp *http.Response, err error, attempt int) bool {
	if attempt >= 6 {
		return false
	}
	return err != nil || resp.StatusCode >= 500
}

// Every caller passes a reader over bytes in memory (or no body): the first
// attempt reads it to the end and every later request is built empty.
func (c *apiClient) sendWithRetry(ctx context.Context, method, path string, body io.Reader) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, method, c.base+path, body) // want `request body body \(a parameter; bytes.NewBuffer at line 56 passes it\) is read to the end by the first attempt of the retry loop: every later attempt builds its request from the drained reader and sends an empty body; keep the bytes and make the reader inside the attempt`
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if !retryable(resp, err, attempt) {
			return resp, err
		}
		if resp != nil {
			resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
}

// send forwards its body to the retry loop.
func (c *apiClient) send(ctx context.Context, method, path string, body io.Reader) (*http.Response, error) {
	return c.sendWithRetry(ctx, method, path, body)
}

func (c *apiClient) post(ctx context.Context, path string, data []byte) (*http.Response, error) {
	return c.send(ctx, http.MethodPost, path, bytes.NewBuffer(data))
}

func (c *apiClient) get(ctx context.Context, path string) (*http.Response, error) {
	return c.send(ctx, http.MethodGet, path, nil)
}

func (c *apiClient) enqueue(ctx context.Context, doc string) (*http.Response, error) {
	return c.sendWithRetry(ctx, http.MethodPost, "/enqueue", strings.NewReader(doc))
}

// A reader made before the loop, and a request built from it in each attempt.
func requestPerAttempt(ctx context.Context, c *http.Client, payload []byte) error {
	r := bytes.NewReader(payload)
	for attempt := 0; attempt < 6; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://api.example.com/items", r) // want `request body r \(made at line 69\) is read to the end by the first attempt of the retry loop`
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return errStatus
}

// blobStore uploads what it reads from r.
type blobStore interface {
	Put(key string, r io.Reader) error
	Fetch(key string, w io.Writer) error
}

// upload hands its buffer to the store.
func upload(st blobStore, key string, buf *bytes.Buffer) error {
	return st.Put(key, buf)
}

// A buffer from the caller, handed to the upload on every attempt.
func uploadWithRetry(st blobStore, key string, buf *bytes.Buffer) error {
	var err error
	for i := 0; i < 6; i++ {
		if err = upload(st, key, buf); err == nil { // want `buffer buf \(a \*bytes.Buffer parameter\) is read to the end by upload on the first attempt of the retry loop: every later attempt gets it empty and sends nothing; keep the bytes and pass bytes.NewReader\(data\) made inside the attempt`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A buffer made before the loop, handed to the store directly.
func putWithRetry(st blobStore, key string, data []byte) error {
	buf := bytes.NewBuffer(data)
	var err error
	for i := 0; i < 6; i++ {
		if err = st.Put(key, buf); err == nil { // want `buffer buf \(made at line 113\) is read to the end by Put on the first attempt`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Not reported: one caller passes a reader the loop cannot judge (a file may be
// anything, a pipe among them).
func (c *apiClient) sendAny(ctx context.Context, path string, body io.Reader) error {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, body)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if !retryable(resp, err, attempt) {
			return err
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
}

func (c *apiClient) postBytes(ctx context.Context, data []byte) error {
	return c.sendAny(ctx, "/bytes", bytes.NewReader(data))
}

func (c *apiClient) postFile(ctx context.Context, f *os.File) error {
	return c.sendAny(ctx, "/file", f)
}

// Not reported: the function is also handed on as a value, so callers out of
// sight may pass any reader.
func (c *apiClient) sendHandedOn(ctx context.Context, path string, body io.Reader) error {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, body)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if !retryable(resp, err, attempt) {
			return err
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
}

func (c *apiClient) senders(data []byte) []func(context.Context, string, io.Reader) error {
	_ = c.sendHandedOn(context.Background(), "/x", bytes.NewReader(data))
	return []func(context.Context, string, io.Reader) error{c.sendHandedOn}
}

// Not reported: the reader is seeked back to the start in each attempt.
func requestRewound(ctx context.Context, c *http.Client, payload []byte) error {
	r := bytes.NewReader(payload)
	for attempt := 0; attempt < 6; attempt++ {
		if _, err := r.Seek(0, io.SeekStart); err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://api.example.com/items", r)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return errStatus
}

// Not reported: the buffer is refilled in each attempt.
func putRefilled(st blobStore, key string, data []byte) error {
	buf := bytes.NewBuffer(data)
	var err error
	for i := 0; i < 6; i++ {
		buf.Reset()
		buf.Write(data)
		if err = st.Put(key, buf); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Not reported: the buffer is where the attempt writes, not what it reads.
func fetchWithRetry(st blobStore, key string) ([]byte, error) {
	buf := new(bytes.Buffer)
	var err error
	for i := 0; i < 6; i++ {
		if err = st.Fetch(key, buf); err == nil {
			return buf.Bytes(), nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// snapshot keeps the buffer's bytes; it reads nothing out of it.
func snapshot(st blobStore, key string, buf *bytes.Buffer) error {
	return st.Put(key, bytes.NewReader(buf.Bytes()))
}

// Not reported: the helper makes a new reader over the buffer's bytes.
func snapshotWithRetry(st blobStore, key string, buf *bytes.Buffer) error {
	var err error
	for i := 0; i < 6; i++ {
		if err = snapshot(st, key, buf); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func retryAnswer(resp *http.Response, err error, attempt int) (bool, time.Duration) {
	return retryable(resp, err, attempt), time.Duration(attempt+1) * time.Second
}

// The same loop, its predicate's answer kept before it is tested.
func (c *apiClient) sendHeldAnswer(ctx context.Context, path string, body io.Reader) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; ; attempt++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodPut, c.base+path, body) // want `request body body \(a parameter; strings.NewReader at line 262 passes it\) is read to the end`
		if rerr != nil {
			return nil, rerr
		}
		resp, err = c.hc.Do(req)
		again, wait := retryAnswer(resp, err, attempt)
		if !again {
			break
		}
		resp.Body.Close()
		time.Sleep(wait)
	}
	return resp, err
}

func (c *apiClient) putDoc(ctx context.Context, doc string) (*http.Response, error) {
	return c.sendHeldAnswer(ctx, "/doc", strings.NewReader(doc))
}
