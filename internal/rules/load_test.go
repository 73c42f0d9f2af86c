package rules

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	retrylint "github.com/retrylint/retrylint"
)

// The catalog of DESIGN §4, in order.
var wantRules = []string{
	"retryall", "fixedsleep", "nojitter", "sleepnoctx", "unboundedretry", "nestedretry",
	"idempotencykey", "txsideeffect", "txstmtretry", "httptimeout", "checkpointorder",
	"retrybody", "retryleak", "retryafter", "retrystate",
}

// TestEmbeddedRulesValid guards Default's panic: the embedded file must parse.
func TestEmbeddedRulesValid(t *testing.T) {
	if _, err := Parse("rules.yaml", retrylint.DefaultRules); err != nil {
		t.Fatalf("embedded rules.yaml: %v", err)
	}
}

func TestDefaultCatalog(t *testing.T) {
	k := Default()
	if got := Names(); !reflect.DeepEqual(got, wantRules) {
		t.Fatalf("Names() = %v\nwant %v", got, wantRules)
	}
	if Default() != k {
		t.Error("Default() returned a different value on the second call")
	}
	if !reflect.DeepEqual(k.Source, []string{"<embedded>"}) {
		t.Errorf("Source = %v", k.Source)
	}
	available := map[string]bool{"retryall": true, "sleepnoctx": true}
	for _, r := range k.Rules {
		if r.Title == "" || r.Summary == "" || len(r.Sources) == 0 || r.Since == "" {
			t.Errorf("rule %s lacks a title, summary, sources or since: %+v", r.Name, r)
		}
		if !contains(severities, string(r.Severity)) {
			t.Errorf("rule %s: severity %q", r.Name, r.Severity)
		}
		if r.Enabled == nil || !*r.Enabled {
			t.Errorf("rule %s is not enabled explicitly", r.Name)
		}
		if !contains(statuses, r.Status) {
			t.Errorf("rule %s: status %q", r.Name, r.Status)
		}
		if available[r.Name] && r.Status != "available" {
			t.Errorf("rule %s: status %q, want available", r.Name, r.Status)
		}
		for _, s := range r.Sources {
			if !strings.HasPrefix(s, "https://") {
				t.Errorf("rule %s: source %q is not an https URL", r.Name, s)
			}
		}
	}
	for _, name := range []string{"idempotencykey", "txsideeffect", "checkpointorder", "txstmtretry"} {
		if r, _ := k.Rule(name); r.Severity != SeverityError {
			t.Errorf("rule %s: severity %q, want error", name, r.Severity)
		}
	}
}

// TestDefaultFuncNames checks every function name of the embedded knowledge
// base against the grammar, so that a typo cannot silently match nothing.
func TestDefaultFuncNames(t *testing.T) {
	b := Default().Knowledge
	var names []string
	for _, h := range b.RetryHelpers {
		names = append(names, h.Func)
	}
	for _, h := range b.TxHelpers {
		names = append(names, h.Func)
	}
	for _, s := range b.SelfRetrying {
		names = append(names, s.Func)
	}
	for _, l := range [][]string{b.Classifiers, b.ExternalCalls, b.Nondeterministic, b.Checkpoints,
		b.DeadLetter.Produce, b.DeadLetter.Async, b.DeadLetter.Funcs, b.HTTPTimeout.ExemptConstructors} {
		names = append(names, l...)
	}
	if len(names) < 200 {
		t.Errorf("only %d function names in the knowledge base", len(names))
	}
	for _, n := range names {
		if !IsFuncName(n) {
			t.Errorf("%q is not a function name", n)
		}
	}
	for _, p := range b.BudgetLibraries {
		if !importPathRE.MatchString(p) {
			t.Errorf("budget library %q is not an import path", p)
		}
	}
	for _, h := range b.RetryHelpers {
		if !contains(families, h.Family) {
			t.Errorf("retry helper %s: family %q", h.Func, h.Family)
		}
	}
	// Every dead-letter async call is also a produce call.
	produce := NewMatcher(b.DeadLetter.Produce)
	for _, a := range b.DeadLetter.Async {
		if !produce.Match(a) {
			t.Errorf("async call %s is not in dead_letter.produce", a)
		}
	}
	if _, err := regexp.Compile(b.DeadLetter.Pattern); err != nil {
		t.Error(err)
	}
}

func TestDefaultKnowledgeLookups(t *testing.T) {
	k := Default()
	b := k.Knowledge
	match := func(list []string, name string) bool { return NewMatcher(list).Match(name) }
	tests := []struct {
		what string
		ok   bool
	}{
		{"time.Now nondeterministic", match(b.Nondeterministic, "time.Now")},
		{"math/rand/v2.IntN nondeterministic", match(b.Nondeterministic, "math/rand/v2.IntN")},
		{"rand.Rand method nondeterministic", match(b.Nondeterministic, "(*math/rand.Rand).Intn")},
		{"http Client.Do external", match(b.ExternalCalls, "(*net/http.Client).Do")},
		{"AWS SQS client external", match(b.ExternalCalls, "(*github.com/aws/aws-sdk-go-v2/service/sqs.Client).SendMessage")},
		{"sarama MarkMessage checkpoint", match(b.Checkpoints, "(github.com/IBM/sarama.ConsumerGroupSession).MarkMessage")},
		{"k8s IsConflict classifier", match(b.Classifiers, "k8s.io/apimachinery/pkg/api/errors.IsConflict")},
		{"failsafe HandleErrors classifier (generic receiver)", match(b.Classifiers, "(github.com/failsafe-go/failsafe-go.FailurePolicyBuilder[S, R any]).HandleErrors")},
		{"crypto/rand.Reader is not a call", !match(b.Nondeterministic, "crypto/rand.Reader")},
		{"time.Since is not listed", !match(b.Nondeterministic, "time.Since")},
		{"wait.Poll is not a retry helper", !helperListed(b, "k8s.io/apimachinery/pkg/util/wait.PollUntilContextTimeout")},
		{"backoff v5 Retry is context aware", helper(b, "github.com/cenkalti/backoff/v5.Retry").ContextAware},
		{"backoff v4 Retry is not", !helper(b, "github.com/cenkalti/backoff/v4.Retry").ContextAware},
		{"RetryOnConflict classifies", helper(b, "k8s.io/client-go/util/retry.RetryOnConflict").Classifies},
		{"OnError classifies through its predicate, argument 1", predicateArg(helper(b, "k8s.io/client-go/util/retry.OnError")) == 1 && !helper(b, "k8s.io/client-go/util/retry.OnError").Classifies},
		{"RetryOnConflict takes no predicate", predicateArg(helper(b, "k8s.io/client-go/util/retry.RetryOnConflict")) == -1},
		{"retry-go v5 generic Do", helper(b, "(*github.com/avast/retry-go/v5.RetrierWithData[T]).Do").Family == "retry-go"},
		{"gorm Transaction does not retry", txHelper(b, "(*gorm.io/gorm.DB).Transaction") != nil && !txHelper(b, "(*gorm.io/gorm.DB).Transaction").Retries},
		{"crdb ExecuteTx retries", txHelper(b, "github.com/cockroachdb/cockroach-go/v2/crdb.ExecuteTx").Retries},
	}
	for _, tt := range tests {
		if !tt.ok {
			t.Errorf("default knowledge: %s: not so", tt.what)
		}
	}
}

func predicateArg(h RetryHelper) int {
	if i, ok := h.PredicateArg(); ok {
		return i
	}
	return -1
}

func helper(b Base, name string) RetryHelper {
	for _, h := range b.RetryHelpers {
		if NewMatcher([]string{h.Func}).Match(name) {
			return h
		}
	}
	return RetryHelper{}
}

func helperListed(b Base, name string) bool { return helper(b, name).Func != "" }

func txHelper(b Base, name string) *TxHelper {
	for i, h := range b.TxHelpers {
		if NewMatcher([]string{h.Func}).Match(name) {
			return &b.TxHelpers[i]
		}
	}
	return nil
}

func TestDefaultChecklist(t *testing.T) {
	k := Default()
	verified := make(map[string]bool)
	ids := make(map[string]bool)
	for _, it := range k.Checklist {
		if ids[it.ID] {
			t.Errorf("item %s twice", it.ID)
		}
		ids[it.ID] = true
		if it.Question == "" || !strings.HasSuffix(it.Question, "?") {
			t.Errorf("item %s: question %q", it.ID, it.Question)
		}
		if len(it.AppliesTo) == 0 || len(it.Sources) == 0 {
			t.Errorf("item %s needs applies_to and sources", it.ID)
		}
		seed := false
		for _, s := range it.Sources {
			seed = seed || strings.HasPrefix(s, "seed ")
		}
		if !seed {
			t.Errorf("item %s cites no seed section", it.ID)
		}
		if it.Decision == "auto" && len(it.VerifiedBy) == 0 {
			t.Errorf("item %s is auto but no rule verifies it", it.ID)
		}
		for _, r := range it.VerifiedBy {
			if _, ok := k.Rule(r); !ok {
				t.Errorf("item %s: unknown rule %s", it.ID, r)
			}
			verified[r] = true
		}
	}
	for _, r := range wantRules {
		if !verified[r] {
			t.Errorf("rule %s verifies no checklist item", r)
		}
	}
	if len(k.Checklist) < 15 {
		t.Errorf("%d checklist items, want the merged seed checklists (15 or more)", len(k.Checklist))
	}
}

// writeFile creates path (and its directories) with content.
func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	// root/.retrylint.yaml lies above the module root and must not be found.
	writeFile(t, filepath.Join(root, FileName), "")
	mod := filepath.Join(root, "mod")
	writeFile(t, filepath.Join(mod, "go.mod"), "module example.com/m\n")
	deep := filepath.Join(mod, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}

	find := func(dir string) string {
		t.Helper()
		p, err := Find(dir)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if p := find(deep); p != "" {
		t.Errorf("Find(deep) = %q, want none (the search stops at the module root)", p)
	}

	writeFile(t, filepath.Join(mod, FileName), "")
	if p, want := find(deep), filepath.Join(mod, FileName); p != want {
		t.Errorf("Find(deep) = %q, want the module root's %q", p, want)
	}
	if p, want := find(mod), filepath.Join(mod, FileName); p != want {
		t.Errorf("Find(mod) = %q, want %q", p, want)
	}

	writeFile(t, filepath.Join(mod, "a", FileName), "")
	if p, want := find(deep), filepath.Join(mod, "a", FileName); p != want {
		t.Errorf("Find(deep) = %q, want the nearest %q", p, want)
	}

	// A directory named .retrylint.yaml is not a rules file.
	if err := os.MkdirAll(filepath.Join(deep, FileName), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, want := find(deep), filepath.Join(mod, "a", FileName); p != want {
		t.Errorf("Find(deep) = %q, want %q past the directory", p, want)
	}

	// Without a go.mod the search goes on upward.
	loose := filepath.Join(root, "loose", "pkg")
	if err := os.MkdirAll(loose, 0o755); err != nil {
		t.Fatal(err)
	}
	if p, want := find(loose), filepath.Join(root, FileName); p != want {
		t.Errorf("Find(loose) = %q, want %q", p, want)
	}

	// A relative directory is resolved against the working directory.
	t.Chdir(deep)
	if p, want := find("."), filepath.Join(mod, "a", FileName); p != want {
		t.Errorf(`Find(".") = %q, want %q`, p, want)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	writeFile(t, path, "rules:\n  - name: httptimeout\n    enabled: false\nknowledge:\n  external_calls: [(*example.com/rpc.Client).Call]\n")
	k, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := k.Rule("httptimeout"); r.IsEnabled() {
		t.Error("httptimeout still enabled")
	}
	if !NewMatcher(k.Knowledge.ExternalCalls).Match("(example.com/rpc.Client).Call") {
		t.Error("user external call missing")
	}
	if !NewMatcher(k.Knowledge.ExternalCalls).Match("(*net/http.Client).Do") {
		t.Error("default external calls lost")
	}
	if k.matchers == nil {
		t.Error("Load did not compile the result")
	}
	if r, _ := Default().Rule("httptimeout"); !r.IsEnabled() {
		t.Error("Load changed the default catalog")
	}
	if d, err := Load(""); err != nil || d != Default() {
		t.Errorf(`Load("") = %p, %v; want the default`, d, err)
	}

	_, err = Load(filepath.Join(dir, "missing.yaml"))
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.File != filepath.Join(dir, "missing.yaml") || !strings.Contains(ce.Msg, "no such file") {
		t.Errorf("Load(missing) error = %v", err)
	}

	writeFile(t, path, "rules:\n  - name: nosuchrule\n")
	_, err = Load(path)
	if err == nil || !strings.HasPrefix(err.Error(), path+":2: rules[0].name: unknown rule \"nosuchrule\"") {
		t.Errorf("Load(bad) error = %v", err)
	}
}

func TestForDir(t *testing.T) {
	t.Cleanup(resetSelection)
	resetSelection()

	root := t.TempDir()
	modA := filepath.Join(root, "a")
	modB := filepath.Join(root, "b")
	writeFile(t, filepath.Join(modA, "go.mod"), "module example.com/a\n")
	writeFile(t, filepath.Join(modA, FileName), "rules:\n  - {name: fixedsleep, severity: error}\n")
	writeFile(t, filepath.Join(modA, "p", "q", "x.go"), "package q\n")
	writeFile(t, filepath.Join(modB, "go.mod"), "module example.com/b\n")

	ka, err := ForDir(filepath.Join(modA, "p", "q"))
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := ka.Rule("fixedsleep"); r.Severity != SeverityError {
		t.Errorf("module a: fixedsleep severity %q, want error", r.Severity)
	}
	if ka.matchers == nil {
		t.Error("ForDir did not compile the result")
	}
	ka2, err := ForDir(modA)
	if err != nil || ka2 != ka {
		t.Errorf("ForDir(modA) = %p, %v; want the cached %p", ka2, err, ka)
	}
	kb, err := ForDir(modB)
	if err != nil || kb != Default() {
		t.Errorf("ForDir(modB) = %p, %v; want the default %p", kb, err, Default())
	}

	// The file is read once: changing it does not change the cached result.
	writeFile(t, filepath.Join(modA, FileName), "rules:\n  - {name: fixedsleep, severity: info}\n")
	if k, _ := ForDir(modA); k != ka {
		t.Error("ForDir re-read a cached file")
	}

	// -config wins over discovery, for every directory.
	cfg := filepath.Join(root, "shared.yaml")
	writeFile(t, cfg, "rules:\n  - {name: nojitter, enabled: false}\n")
	t.Chdir(root)
	if err := SetConfigPath("shared.yaml"); err != nil {
		t.Fatal(err)
	}
	if ConfigPath != cfg {
		t.Errorf("ConfigPath = %q, want %q", ConfigPath, cfg)
	}
	for _, dir := range []string{modA, modB} {
		k, err := ForDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if r, _ := k.Rule("nojitter"); r.IsEnabled() {
			t.Errorf("ForDir(%s): nojitter enabled, want the -config file's setting", dir)
		}
		if r, _ := k.Rule("fixedsleep"); r.Severity != SeverityWarning {
			t.Errorf("ForDir(%s): fixedsleep %q, want the default (the discovered file is ignored)", dir, r.Severity)
		}
	}
	if err := SetConfigPath(filepath.Join(root, "missing.yaml")); err == nil {
		t.Error("SetConfigPath(missing) succeeded")
	}
	if err := SetConfigPath(""); err != nil || ConfigPath != "" {
		t.Errorf("SetConfigPath(\"\") = %v, ConfigPath %q", err, ConfigPath)
	}

	// The overlay is merged last, and checked when set.
	if err := SetOverlay("golangci", []byte("rules:\n  - {name: fixedsleep, tests: true}\n")); err != nil {
		t.Fatal(err)
	}
	k, err := ForDir(modA)
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := k.Rule("fixedsleep"); !r.InTests() || r.Severity != SeverityInfo {
		t.Errorf("fixedsleep = %+v, want the overlay's tests: true on top of the (re-read) file's severity info", r)
	}
	if !reflect.DeepEqual(k.Source, []string{"<embedded>", filepath.Join(modA, FileName), "golangci"}) {
		t.Errorf("Source = %v", k.Source)
	}
	err = SetOverlay("golangci", []byte("rules:\n  - {name: nosuch}\n"))
	if err == nil || !strings.HasPrefix(err.Error(), `golangci:2: rules[0].name: unknown rule "nosuch"`) {
		t.Errorf("SetOverlay(bad) = %v", err)
	}
	if k2, _ := ForDir(modA); k2 != k {
		t.Error("a rejected overlay changed the selection")
	}
	if err := SetOverlay("", nil); err != nil {
		t.Fatal(err)
	}
	if k, _ := ForDir(modB); k != Default() {
		t.Error("clearing the overlay did not bring back the default")
	}

	// A broken discovered file is an error for the packages below it.
	writeFile(t, filepath.Join(modB, FileName), "rules: {\n")
	resetSelection()
	if _, err := ForDir(modB); err == nil || !strings.HasPrefix(err.Error(), filepath.Join(modB, FileName)+":1: ") {
		t.Errorf("ForDir(broken) = %v", err)
	}
}

func TestForDirConcurrent(t *testing.T) {
	t.Cleanup(resetSelection)
	resetSelection()
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "go.mod"), "module example.com/c\n")
	writeFile(t, filepath.Join(root, FileName), "knowledge:\n  classifiers: [example.com/c.IsTemporary]\n")
	var wg sync.WaitGroup
	results := make([]*Knowledge, 16)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k, err := ForDir(root)
			if err != nil {
				t.Error(err)
				return
			}
			k.IsClassifier(nil) // reads the compiled matchers
			results[i] = k
		}()
	}
	wg.Wait()
	for _, k := range results {
		if k != results[0] {
			t.Fatal("concurrent ForDir calls built the knowledge more than once")
		}
	}
}

func TestNormalizeName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"time.Now", "time.Now"},
		{"(*net/http.Client).Do", "(net/http.Client).Do"},
		{"(*example.com/p.R[T]).Do", "(example.com/p.R).Do"},
		{"(example.com/p.I[T any]).Run", "(example.com/p.I).Run"},
		{"(example.com/p.B[S, R any]).HandleIf", "(example.com/p.B).HandleIf"},
		{"(example.com/p.M[K comparable, V ~[]E, E any]).Get", "(example.com/p.M).Get"},
		{"(*example.com/p.R[map[string]int]).Do", "(example.com/p.R).Do"},
	}
	for _, tt := range tests {
		if got := normalizeName(tt.in); got != tt.want {
			t.Errorf("normalizeName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	m := NewMatcher([]string{"(*example.com/p.R).Do", "(example.com/p.I).Run*"})
	for _, name := range []string{"(*example.com/p.R[T]).Do", "(example.com/p.I[R any]).RunAsync"} {
		if !m.Match(name) {
			t.Errorf("%q does not match", name)
		}
	}
}
