package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/rules"
)

// notLibraries are the knowledge lists that name no library: settings of the
// rules themselves.
var notLibraries = map[string]bool{"idempotency_headers": true, "http_timeout.exempt_packages": true, "http_timeout.exempt_constructors": true}

// The listing holds every family of the registry, with what the engine
// understands of it, and every entry of every knowledge list, a user's
// .retrylint.yaml additions included.
func TestKnowledgeListsRegistryAndEntries(t *testing.T) {
	dir := t.TempDir()
	user := `knowledge:
  retry_helpers:
    - {func: example.com/shop/retry.Do, callback: 1, family: generic, context_aware: true}
  self_retrying_clients:
    - {func: (*example.com/shop/api.Client).Do, attempts: 3, attempts_field: MaxRetries, field_counts: retries, name: shop API client}
    - {func: (*example.com/shop/cache.Client).Get, attempts: 4, name: shop cache, family: go-redis}
  classifiers:
    - example.com/shop/errs.IsTransient
  budget_libraries:
    - example.com/shop/breaker
  dead_letter:
    funcs:
      - example.com/shop/dlq.Park
`
	path := filepath.Join(dir, ".retrylint.yaml")
	if err := os.WriteFile(path, []byte(user), 0o644); err != nil {
		t.Fatal(err)
	}
	k, err := rules.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	libs := knowledgeOf(k)

	byFamily := map[string]libraryInfo{}
	listed := map[[2]string]bool{}
	for _, l := range libs {
		if l.Family != "" {
			byFamily[l.Family] = l
		}
		for _, e := range l.Entries {
			listed[[2]string{e.List, e.Name}] = true
		}
	}
	for _, lib := range retryscope.Libraries() {
		got, ok := byFamily[lib.Family]
		if !ok {
			t.Errorf("registry family %s is not listed", lib.Family)
			continue
		}
		if len(got.Understands) == 0 {
			t.Errorf("family %s: nothing listed as understood", lib.Family)
		}
	}
	entries := knowledgeEntries(t, reflect.ValueOf(k.Knowledge), "")
	if len(entries) < 100 {
		t.Fatalf("only %d knowledge entries found: the walk over rules.Base is broken", len(entries))
	}
	for _, e := range entries {
		if !listed[e] {
			t.Errorf("knowledge entry %s %q is not listed", e[0], e[1])
		}
	}
	for _, want := range [][2]string{
		{"retry_helpers", "example.com/shop/retry.Do"},
		{"self_retrying_clients", "(*example.com/shop/cache.Client).Get"},
		{"budget_libraries", "example.com/shop/breaker"},
		{"dead_letter.funcs", "example.com/shop/dlq.Park"},
	} {
		if !listed[want] {
			t.Errorf("user entry %v is not listed", want)
		}
	}
	if got := byFamily["go-redis"]; !contains(got.ImportPaths, "example.com/shop/cache") {
		t.Errorf("go-redis import paths = %v, want the user's client package too", got.ImportPaths)
	}
}

// knowledgeEntries walks rules.Base by reflection: every string list and
// every list of entries with a Func, by their yaml path, so a list added later
// is covered without naming it here. It fails on a list it cannot read (a new
// shape of entry) and on a list without entries (nothing to check it by).
func knowledgeEntries(t *testing.T, v reflect.Value, prefix string) [][2]string {
	t.Helper()
	var out [][2]string
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		name := prefix + strings.Split(f.Tag.Get("yaml"), ",")[0]
		fv := v.Field(i)
		if notLibraries[name] || f.Type.Kind() == reflect.String {
			continue
		}
		if f.Type.Kind() == reflect.Struct {
			out = append(out, knowledgeEntries(t, fv, name+".")...)
			continue
		}
		if f.Type.Kind() != reflect.Slice {
			t.Errorf("knowledge list %s: %s is no list the walk reads", name, f.Type)
			continue
		}
		if fv.Len() == 0 {
			t.Errorf("knowledge list %s has no entry, built in or in the test's configuration", name)
		}
		for j := 0; j < fv.Len(); j++ {
			e := fv.Index(j)
			if e.Kind() == reflect.Struct {
				e = e.FieldByName("Func")
			}
			if e.Kind() != reflect.String {
				t.Errorf("knowledge list %s: entries without a Func name", name)
				break
			}
			out = append(out, [2]string{name, e.String()})
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// The text and JSON outputs agree on the libraries, and a broken
// configuration is a usage error.
func TestKnowledgeCommand(t *testing.T) {
	var text, js, errb bytes.Buffer
	if code := knowledgeMain(nil, &text, &errb); code != 0 {
		t.Fatalf("knowledge: exit %d: %s", code, errb.String())
	}
	if code := knowledgeMain([]string{"-json"}, &js, &errb); code != 0 {
		t.Fatalf("knowledge -json: exit %d: %s", code, errb.String())
	}
	var libs []libraryInfo
	if err := json.Unmarshal(js.Bytes(), &libs); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(text.String()), "\n")
	if len(lines) != len(libs)+1 {
		t.Errorf("text has %d lines, JSON %d libraries (+1 header)", len(lines), len(libs))
	}
	for i, l := range libs {
		if i+1 < len(lines) && !strings.HasPrefix(lines[i+1], l.Library+" ") {
			t.Errorf("line %d = %q, want library %s", i+1, lines[i+1], l.Library)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("knowledge:\n  self_retrying_clients:\n    - {func: a.B, family: redis}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := knowledgeMain([]string{"-config", bad}, &text, &errb); code != 2 || !strings.Contains(errb.String(), `"redis" is not a self-retrying client family`) {
		t.Errorf("bad config: exit %d, stderr %q", code, errb.String())
	}
}

// importPathOf finds the package of every form of knowledge-base name.
func TestImportPathOf(t *testing.T) {
	for _, c := range []struct{ list, name, want string }{
		{"classifiers", "errors.Is", "errors"},
		{"external_calls", "(*net/http.Client).Do", "net/http"},
		{"checkpoint_calls", "(*github.com/nats-io/nats.go.Msg).Ack", "github.com/nats-io/nats.go"},
		{"self_retrying_clients", "(*github.com/aws/aws-sdk-go-v2/service/*.Client).*", "github.com/aws/aws-sdk-go-v2/service/*"},
		{"self_retrying_clients", "(github.com/redis/go-redis/v9.*Cmdable).*", "github.com/redis/go-redis/v9"},
		{"nondeterministic_calls", "math/rand.*", "math/rand"},
		{"retry_helpers", "(*github.com/avast/retry-go/v5.Retrier[T]).Do", "github.com/avast/retry-go/v5"},
		{"budget_libraries", "golang.org/x/time/rate", "golang.org/x/time/rate"},
		{"grpc.transient_codes", "UNAVAILABLE", "google.golang.org/grpc/codes"},
	} {
		if got := importPathOf(c.list, c.name); got != c.want {
			t.Errorf("importPathOf(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
