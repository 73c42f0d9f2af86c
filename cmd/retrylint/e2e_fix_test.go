package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sleepFixture is a classifying retry loop whose only mistake is a time.Sleep that
// ignores the context in scope: sleepnoctx reports it and offers a fix.
const sleepFixture = `package svc

import (
	"context"
	"errors"
	"net"
	"time"
)

var errTransient = errors.New("transient")

func call(ctx context.Context) error { net.Dial("tcp", "db.internal:5432"); return errTransient }

// Fetch calls call until it succeeds, at most three times.
func Fetch(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = call(ctx)
		if err == nil {
			return nil
		}
		if !errors.Is(err, errTransient) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 2 * time.Second)
	}
	return err
}
`

// TestFixSleepNoCtx: `retrylint -fix` rewrites the sleep into a select on
// ctx.Done() and a timer; the result builds, passes go vet, and is clean.
func TestFixSleepNoCtx(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{"svc/svc.go": sleepFixture})

	if r := retrylint(t, dir, "./..."); r.code != 3 {
		t.Fatalf("before -fix: exit %d, want 3 (findings)\n%s", r.code, r.stderr)
	}
	if got := reported(t, retrylint(t, dir, "-json", "./...").stdout); got["sleepnoctx"] != 1 {
		t.Fatalf("before -fix: want one sleepnoctx finding, got %v", got)
	}
	// The wait also has no jitter, which has no fix: -fix says so, exit 3.
	if r := retrylint(t, dir, "-fix", "./..."); r.code != 3 || !strings.Contains(r.stderr, "(nojitter)") {
		t.Fatalf("retrylint -fix: exit %d, want 3 and the nojitter finding\n%s", r.code, r.stderr)
	}
	fixed, err := os.ReadFile(filepath.Join(dir, "svc", "svc.go"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(fixed), "time.Sleep") || !strings.Contains(string(fixed), "ctx.Done()") {
		t.Fatalf("-fix did not replace time.Sleep with a select on ctx.Done():\n%s", fixed)
	}
	if r := run(t, dir, "go", "build", "./..."); r.code != 0 {
		t.Fatalf("the fixed code does not build:\n%s\n%s", r.stderr, fixed)
	}
	if r := run(t, dir, "go", "vet", "./..."); r.code != 0 {
		t.Fatalf("the fixed code fails go vet:\n%s\n%s", r.stderr, fixed)
	}
	if got := reported(t, retrylint(t, dir, "-json", "./...").stdout); got["sleepnoctx"] != 0 {
		t.Fatalf("after -fix, sleepnoctx still reports (%v):\n%s", got, fixed)
	}
}

// TestFixKeepsDirectiveAndReportsRest: -fix moves a //retrylint:ignore that
// trails the sleep onto the timer's case, where it still covers the wait,
// and exits 3 with the findings it has no fix for, instead of 0 in silence.
func TestFixKeepsDirectiveAndReportsRest(t *testing.T) {
	t.Parallel()
	src := strings.Replace(sleepFixture,
		"time.Sleep(time.Duration(attempt+1) * 2 * time.Second)",
		"time.Sleep(5 * time.Second) //retrylint:ignore fixedsleep the server sets the pace", 1)
	src += "\n// C has no timeout.\nvar C = &http.Client{}\n"
	src = strings.Replace(src, "\"errors\"\n", "\"errors\"\n\t\"net/http\"\n", 1)
	dir := writeModule(t, map[string]string{"svc/svc.go": src})
	r := retrylint(t, dir, "-fix", "./...")
	if r.code != 3 || !strings.Contains(r.stderr, "(httptimeout)") {
		t.Errorf("retrylint -fix: exit %d, want 3 with the httptimeout finding\n%s", r.code, r.stderr)
	}
	fixed, err := os.ReadFile(filepath.Join(dir, "svc", "svc.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(fixed), "case <-time.After(5 * time.Second): //retrylint:ignore fixedsleep the server sets the pace") {
		t.Errorf("the directive did not move onto the timer's case:\n%s", fixed)
	}
	if got := reported(t, retrylint(t, dir, "-json", "./...").stdout); got["fixedsleep"] != 0 || got["sleepnoctx"] != 0 {
		t.Errorf("after -fix: %v, want no fixedsleep and no sleepnoctx\n%s", got, fixed)
	}
}
