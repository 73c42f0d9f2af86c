package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

func TestProgressLine(t *testing.T) {
	for _, c := range []struct {
		stage        string
		count, total int
		elapsed      time.Duration
		want         string
	}{
		{"listing packages", 0, 0, 2500 * time.Millisecond, "retrylint: listing packages (2s)"},
		{"loading packages", 120, 340, 12 * time.Second, "retrylint: loading packages 120/340 (12s)"},
		{"analysing packages", 3, 24, 61 * time.Second, "retrylint: analysing packages 3/24 (61s)"},
	} {
		if got := progressLine(c.stage, c.count, c.total, c.elapsed); got != c.want {
			t.Errorf("progressLine(%q, %d, %d, %v) = %q, want %q", c.stage, c.count, c.total, c.elapsed, got, c.want)
		}
	}
}

// TestProgressDrawsAndErases: past the delay the line is drawn in place and
// erased at the end; before it, nothing is written.
func TestProgressDrawsAndErases(t *testing.T) {
	var buf bytes.Buffer
	p := startProgress(&buf, 0, time.Millisecond)
	p.set("loading packages", 1, 2)
	time.Sleep(50 * time.Millisecond)
	p.end()
	p.end() // a second end does nothing
	out := buf.String()
	if !strings.Contains(out, "\r\033[Kretrylint: loading packages 1/2 (0s)") || !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("want the line drawn then erased, got %q", out)
	}
	p.set("analysing packages", 2, 2) // after end: ignored, nothing drawn
	if buf.String() != out {
		t.Errorf("wrote after end: %q", buf.String())
	}

	buf.Reset()
	quiet := startProgress(&buf, time.Hour, time.Millisecond)
	quiet.set("loading packages", 1, 2)
	quiet.end()
	if buf.Len() != 0 {
		t.Errorf("a run shorter than the delay wrote %q", buf.String())
	}
}

// TestProgressSilent: no progress when stderr is not a terminal, or with -json.
func TestProgressSilent(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	saved := os.Stderr
	os.Stderr = w
	p := newProgress(false)
	os.Stderr = saved
	w.Close()
	if p.w != nil {
		t.Error("stderr is a pipe, want no progress")
	}
	p.set("loading packages", 1, 2)
	p.end()
	if p := newProgress(true); p.w != nil {
		t.Error("-json: want no progress")
	}
}
