package checklist

import (
	"encoding/json"
	"strings"
	"testing"
)

// ownLoggerSvc retries with backoff, logs each attempt through its own
// logger, and opens no transaction.
const ownLoggerSvc = `package svc

import (
	"errors"
	"math/rand"
	"net/http"
	"time"
)

var errTemporary = errors.New("temporary")

type client struct {
	hc   *http.Client
	logf func(format string, args ...any)
}

// Get retries transient failures a few times.
func (c *client) Get(url string) (*http.Response, error) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		resp, err = c.hc.Get(url)
		if err == nil {
			return resp, nil
		}
		if !errors.Is(err, errTemporary) {
			return nil, err
		}
		c.logf("attempt %d failed: %v", attempt, err)
		time.Sleep(time.Duration(rand.Int63n(int64(time.Second) << attempt)))
	}
	return nil, err
}
`

// TestEvidence: attempts logged through the program's own logger count as
// logged with the attempt number, and a retry that holds no transaction
// leaves the whole-transaction item n/a, not pass.
func TestEvidence(t *testing.T) {
	dir := prRepo(t, map[string]string{"svc/svc.go": ownLoggerSvc})
	_, out, stderr := runCmd(t, dir, "-base", "HEAD~1", "-format", "json")
	var rep Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s%s", err, out, stderr)
	}
	for _, it := range rep.Items {
		switch it.ID {
		case "retry-telemetry":
			if len(it.Evidence) == 0 || !strings.Contains(it.Evidence[0], "1 with the attempt number") {
				t.Errorf("retry-telemetry evidence %q, want the attempt logged through its own logger", it.Evidence)
			}
		case "whole-transaction-retry":
			if it.Status != StatusNA {
				t.Errorf("whole-transaction-retry: %s (%s), want n/a for a retry without a transaction", it.Status, it.Reason)
			}
		}
	}
}

// TestQuietItemsCollapse: the n/a items with nothing to say take one line.
func TestQuietItemsCollapse(t *testing.T) {
	dir := prRepo(t, map[string]string{"svc/svc.go": ownLoggerSvc})
	for _, format := range []string{"text", "markdown"} {
		_, out, _ := runCmd(t, dir, "-base", "HEAD~1", "-format", format)
		if n := strings.Count(out, "N/A"); n != 1 {
			t.Errorf("%s: %d lines say N/A, want the n/a items on one line:\n%s", format, n, out)
		}
	}
}
