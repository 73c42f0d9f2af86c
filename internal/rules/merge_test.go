package rules

import (
	"reflect"
	"strings"
	"testing"
)

// miniBase returns the mini catalog with a knowledge section, for merge tests.
func miniBase(t *testing.T) *Knowledge {
	t.Helper()
	src := miniCatalog + `knowledge:
  retry_helpers:
    - {func: example.com/retry.Do, callback: 0, family: generic}
  classifiers: [errors.Is, errors.As]
  dead_letter:
    pattern: (?i)dlq
    produce: [(*example.com/q.Producer).Send]
  idempotency_headers: [Idempotency-Key]
`
	k, err := Parse("base.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestMergeRulesFieldByField(t *testing.T) {
	base := miniBase(t)
	k, err := Merge(base, "user.yaml", []byte(`rules:
  - name: beta
    severity: warning
    enabled: false
  - name: alpha
    sources: [https://example.com/a]
    tests: true
`))
	if err != nil {
		t.Fatal(err)
	}
	beta, _ := k.Rule("beta")
	if beta.Severity != SeverityWarning || beta.IsEnabled() || beta.Title != "beta title" || beta.Summary != "beta summary" {
		t.Errorf("beta = %+v, want severity warning, disabled, title and summary kept", beta)
	}
	alpha, _ := k.Rule("alpha")
	if !reflect.DeepEqual(alpha.Sources, []string{"https://example.com/a"}) || !alpha.InTests() || !alpha.IsEnabled() || alpha.Severity != SeverityWarning {
		t.Errorf("alpha = %+v, want the new sources, tests on, the rest kept", alpha)
	}
	if got := strings.Join(ruleNames(k), ","); got != "alpha,beta" {
		t.Errorf("rule order = %s, want alpha,beta (the catalog's order)", got)
	}
	// The base is untouched.
	if b, _ := base.Rule("beta"); b.Severity != SeverityError || !b.IsEnabled() {
		t.Errorf("base beta changed: %+v", b)
	}
	if !reflect.DeepEqual(k.Source, []string{"base.yaml", "user.yaml"}) {
		t.Errorf("Source = %v", k.Source)
	}
}

func TestMergeKnowledgeAdds(t *testing.T) {
	base := miniBase(t)
	k, err := Merge(base, "user.yaml", []byte(`knowledge:
  classifiers: [errors.As, example.com/myerr.IsTransient]
  retry_helpers:
    - {func: example.com/retry.Do, callback: 1, family: generic, context_aware: true}
    - {func: example.com/retry.Forever, callback: 0}
  dead_letter:
    funcs: [(*example.com/app.DLQ).Write]
`))
	if err != nil {
		t.Fatal(err)
	}
	b := k.Knowledge
	if want := []string{"errors.Is", "errors.As", "example.com/myerr.IsTransient"}; !reflect.DeepEqual(b.Classifiers, want) {
		t.Errorf("classifiers = %v, want %v (added, deduplicated)", b.Classifiers, want)
	}
	want := []RetryHelper{
		{Func: "example.com/retry.Do", Callback: 1, Family: "generic", ContextAware: true},
		{Func: "example.com/retry.Forever", Callback: 0, Family: "generic"},
	}
	if !reflect.DeepEqual(b.RetryHelpers, want) {
		t.Errorf("retry_helpers = %+v\nwant %+v (same func replaces, new func appends)", b.RetryHelpers, want)
	}
	if b.DeadLetter.Pattern != "(?i)dlq" || len(b.DeadLetter.Produce) != 1 || len(b.DeadLetter.Funcs) != 1 {
		t.Errorf("dead_letter = %+v, want pattern and produce kept, funcs added", b.DeadLetter)
	}
	if len(base.Knowledge.Classifiers) != 2 || base.Knowledge.RetryHelpers[0].Callback != 0 {
		t.Errorf("base knowledge changed: %+v", base.Knowledge)
	}
}

func TestMergeReplace(t *testing.T) {
	base := miniBase(t)
	k, err := Merge(base, "user.yaml", []byte(`replace: [knowledge.classifiers, knowledge.dead_letter.produce, checklist]
knowledge:
  classifiers: [example.com/myerr.IsTransient]
  dead_letter:
    pattern: (?i)parking
checklist:
  - {id: own-item, question: "Own question?", decision: manual}
`))
	if err != nil {
		t.Fatal(err)
	}
	b := k.Knowledge
	if want := []string{"example.com/myerr.IsTransient"}; !reflect.DeepEqual(b.Classifiers, want) {
		t.Errorf("classifiers = %v, want %v", b.Classifiers, want)
	}
	if b.DeadLetter.Produce != nil {
		t.Errorf("dead_letter.produce = %v, want it emptied (replaced by nothing)", b.DeadLetter.Produce)
	}
	if b.DeadLetter.Pattern != "(?i)parking" {
		t.Errorf("pattern = %q, want the user's", b.DeadLetter.Pattern)
	}
	if !reflect.DeepEqual(b.IdempotencyHeaders, []string{"Idempotency-Key"}) {
		t.Errorf("idempotency_headers = %v, want it kept", b.IdempotencyHeaders)
	}
	if len(k.Checklist) != 1 || k.Checklist[0].ID != "own-item" {
		t.Errorf("checklist = %+v, want only own-item", k.Checklist)
	}
}

func TestMergeChecklist(t *testing.T) {
	base := miniBase(t)
	k, err := Merge(base, "user.yaml", []byte(`checklist:
  - id: first-item
    decision: manual
    verified_by: [alpha, beta]
  - id: second-item
    question: Is the second thing fine?
    decision: partial
    applies_to: [handler]
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(k.Checklist) != 2 {
		t.Fatalf("checklist = %+v, want 2 items", k.Checklist)
	}
	first := k.Checklist[0]
	if first.ID != "first-item" || first.Question != "Is it fine?" || first.Decision != "manual" ||
		!reflect.DeepEqual(first.VerifiedBy, []string{"alpha", "beta"}) || !reflect.DeepEqual(first.AppliesTo, []string{"retry"}) {
		t.Errorf("first item = %+v, want decision and verified_by changed, the rest kept", first)
	}
	if k.Checklist[1].ID != "second-item" {
		t.Errorf("second item = %+v", k.Checklist[1])
	}
}

func TestMergeErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"new rule", "rules:\n  - name: gamma\n    severity: info\n",
			`user.yaml:2: rules[0].name: unknown rule "gamma"; a user file can only change the built-in rules: alpha, beta`},
		{"misspelt rule", "rules:\n  - {name: alpah, enabled: false}\n",
			`user.yaml:2: rules[0].name: unknown rule "alpah" (did you mean "alpha"?); a user file can only change the built-in rules: alpha, beta`},
		{"status in a user file", "rules:\n  - name: alpha\n    status: available\n",
			`user.yaml:3: rules[0].status: status and since describe retrylint itself; a user file cannot set them`},
		{"verified_by unknown", "checklist:\n  - id: first-item\n    verified_by: [alpha, gamma]\n",
			`user.yaml:3: checklist[0].verified_by[1]: unknown rule "gamma"; known rules: alpha, beta`},
		{"new item incomplete", "checklist:\n  - id: new-item\n    question: q\n",
			`user.yaml:2: checklist[0]: new checklist item "new-item" needs decision`},
		{"decode error", "knowledge:\n  classifiers: [errors.Is()]\n",
			`user.yaml:2: knowledge.classifiers[0]: "errors.Is()" is not a function name; write pkg/path.Func, (pkg/path.Type).Method or (*pkg/path.Type).Method; '*' matches any run of characters`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Merge(miniBase(t), "user.yaml", []byte(tt.src))
			if err == nil {
				t.Fatalf("Merge succeeded, want %s", tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error:\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}

func TestMergeEmptyFile(t *testing.T) {
	base := miniBase(t)
	k, err := Merge(base, "user.yaml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(k.Rules, base.Rules) || !reflect.DeepEqual(k.Knowledge, base.Knowledge) || !reflect.DeepEqual(k.Checklist, base.Checklist) {
		t.Error("merging an empty file changed the catalog")
	}
}

func TestMergeDoesNotShareMemory(t *testing.T) {
	base := miniBase(t)
	a, err := Merge(base, "a.yaml", []byte("knowledge:\n  classifiers: [a.A]\n"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Merge(base, "b.yaml", []byte("knowledge:\n  classifiers: [b.B]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Knowledge.Classifiers[2]; got != "a.A" {
		t.Errorf("a's classifier = %q after merging b, want a.A", got)
	}
	if got := b.Knowledge.Classifiers[2]; got != "b.B" {
		t.Errorf("b's classifier = %q, want b.B", got)
	}
	a.Rules[0].Sources = append(a.Rules[0].Sources, "x")
	if len(base.Rules[0].Sources) != 0 {
		t.Error("a merged value shares a rule's sources with its base")
	}
}
