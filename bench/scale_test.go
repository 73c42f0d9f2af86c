package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkScale runs the engine and the rules on one generated package of n
// functions (retry loops, workers, callbacks, plain code), so that the cost per
// function shows whether anything grows faster than the code.
func BenchmarkScale(b *testing.B) {
	for _, n := range []int{100, 1000, 5000} {
		b.Run(fmt.Sprintf("funcs=%d", n), func(b *testing.B) {
			dir := generate(b, n)
			pkgs := loadOnce(b, dir, "./...")
			for _, s := range suites {
				b.Run(s.name, func(b *testing.B) { analyze(b, s.list(), pkgs) })
			}
		})
	}
}

// generate writes a module with one package of n functions into a temporary
// directory that lives as long as the benchmark binary.
func generate(b *testing.B, n int) string {
	b.Helper()
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("retrylint-bench-scale-%d-%d", n, os.Getpid()))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	var src strings.Builder
	src.WriteString(scalePrelude)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&src, scaleShapes[i%len(scaleShapes)], i)
	}
	files := map[string]string{
		"go.mod":   "module example.com/scale\n\ngo 1.22\n",
		"scale.go": src.String(),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

const scalePrelude = `package scale

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errTemp = errors.New("temporary")

func call(ctx context.Context) error { return ctx.Err() }

func retry(attempts int, f func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
`

// scaleShapes are function templates; %[1]d is the function's number.
var scaleShapes = []string{
	// A hand-written retry loop with a constant sleep.
	`
func loop%[1]d(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errTemp
}
`,
	// A periodic worker: not a retry.
	`
func worker%[1]d(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
			_ = call(ctx)
		}
	}
}
`,
	// A callback handed to a wrapper the engine infers.
	`
func cb%[1]d(ctx context.Context, c *http.Client) error {
	return retry(3, func() error {
		req, err := http.NewRequestWithContext(ctx, "POST", "http://x", nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
`,
	// Plain code with a batch loop that exits on error.
	`
func plain%[1]d(ctx context.Context, xs []int) (int, error) {
	sum := 0
	for _, x := range xs {
		if err := call(ctx); err != nil {
			return 0, err
		}
		switch {
		case x > 10:
			sum += x
		default:
			sum -= x
		}
	}
	return sum, nil
}
`,
}
