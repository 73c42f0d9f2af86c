package rules

import (
	"errors"
	"strings"
	"testing"
)

// A small complete catalog the tests build on.
const miniCatalog = `rules:
  - name: alpha
    severity: warning
    title: alpha title
    summary: alpha summary
  - name: beta
    severity: error
    title: beta title
    summary: beta summary
checklist:
  - id: first-item
    question: Is it fine?
    verified_by: [alpha]
    applies_to: [retry]
    decision: auto
`

func TestParseValid(t *testing.T) {
	k, err := Parse("mini.yaml", []byte(miniCatalog))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ruleNames(k), ","); got != "alpha,beta" {
		t.Errorf("rules = %s, want alpha,beta", got)
	}
	if len(k.Checklist) != 1 || k.Checklist[0].VerifiedBy[0] != "alpha" {
		t.Errorf("checklist = %+v", k.Checklist)
	}
	if len(k.Source) != 1 || k.Source[0] != "mini.yaml" {
		t.Errorf("Source = %v", k.Source)
	}
}

func TestParseEmpty(t *testing.T) {
	for _, src := range []string{"", "# only a comment\n", "---\n", "~\n"} {
		k, err := Parse("e.yaml", []byte(src))
		if err != nil {
			t.Errorf("Parse(%q): %v", src, err)
			continue
		}
		if len(k.Rules) != 0 || len(k.Checklist) != 0 {
			t.Errorf("Parse(%q) = %+v, want empty", src, k)
		}
	}
}

// TestParseErrors checks every validation message, with its file and line.
func TestParseErrors(t *testing.T) {
	funcHelp := "write pkg/path.Func, (pkg/path.Type).Method or (*pkg/path.Type).Method; '*' matches any run of characters"
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"syntax", "rules: [\n",
			`f.yaml:1: YAML syntax: did not find expected node content`},
		{"second document", "rules: []\n---\nrules: []\n",
			`f.yaml:2: a rules file holds one YAML document; remove the second one (after ---)`},
		{"top level not a mapping", "- a\n",
			`f.yaml:1: top level: want a mapping, got a list`},
		{"unknown top-level key", "rulez: []\n",
			`f.yaml:1: top level: unknown key "rulez" (did you mean "rules"?); allowed keys: rules, knowledge, checklist, replace`},
		{"unknown rule key", "rules:\n  - name: a\n    severty: error\n",
			`f.yaml:3: rules[0]: unknown key "severty" (did you mean "severity"?); allowed keys: name, severity, title, summary, sources, enabled, status, since, tests`},
		{"unknown key, nothing close", "knowledge:\n  zzz: 1\n",
			`f.yaml:2: knowledge: unknown key "zzz"; allowed keys: retry_helpers, backoff_calls, classifiers, transaction_helpers, self_retrying_clients, external_calls, local_calls, nondeterministic_calls, checkpoint_calls, cumulative_checkpoints, dead_letter, idempotency_headers, budget_libraries, http_timeout, grpc, token_url_fields`},
		{"duplicate key", "rules:\n  - name: a\n    name: b\n",
			`f.yaml:3: rules[0]: key "name" is given twice (first on line 2)`},
		{"section of the wrong type", "knowledge: []\n",
			`f.yaml:1: knowledge: want a mapping, got a list`},
		{"string wanted, list given", "rules:\n  - name: a\n    severity: [error]\n",
			`f.yaml:3: rules[0].severity: want a string, got a list`},
		{"string wanted, number given", "rules:\n  - name: a\n    since: 0.1\n",
			`f.yaml:3: rules[0].since: want a string, got a number (quote it: "0.1")`},
		{"bool wanted", "rules:\n  - name: a\n    enabled: \"yes\"\n",
			`f.yaml:3: rules[0].enabled: want true or false, got a string`},
		{"int wanted", "knowledge:\n  retry_helpers:\n    - {func: a.B, callback: first}\n",
			`f.yaml:3: knowledge.retry_helpers[0].callback: want an integer, got a string`},
		{"negative int", "knowledge:\n  retry_helpers:\n    - {func: a.B, callback: -1}\n",
			`f.yaml:3: knowledge.retry_helpers[0].callback: must not be negative, got -1`},
		{"list wanted", "knowledge:\n  classifiers: errors.Is\n",
			`f.yaml:2: knowledge.classifiers: want a list, got a string`},
		{"empty list entry", "knowledge:\n  classifiers:\n    -\n",
			`f.yaml:3: knowledge.classifiers[0]: empty list entry`},
		{"empty string", "rules:\n  - name: a\n    title: ''\n",
			`f.yaml:3: rules[0].title: must not be empty`},
		{"bad severity", "rules:\n  - {name: a, severity: fatal, title: t, summary: s}\n",
			`f.yaml:2: rules[0].severity: "fatal" is not a severity; use error, warning or info`},
		{"bad status", "rules:\n  - {name: a, status: done}\n",
			`f.yaml:2: rules[0].status: "done" is not a status; use available or planned`},
		{"bad rule name", "rules:\n  - {name: Retry-All}\n",
			`f.yaml:2: rules[0].name: "Retry-All" is not a rule name (lower-case letters and digits, like retryall)`},
		{"bad family", "knowledge:\n  retry_helpers:\n    - {func: a.B, callback: 0, family: backof-v4}\n",
			`f.yaml:3: knowledge.retry_helpers[0].family: "backof-v4" is not a retry helper family (did you mean "backoff-v4"?); use backoff-v4, backoff-v5, retry-go, go-retry, failsafe, k8s-retry, k8s-wait, crdb, temporal, jpillora-backoff, lestrrat-backoff, lestrrat-backoff-v1, rican7-retry, kamilsk-retry, eapache-retrier, flowchartsman-retry, matryer-try, go-pkgz-repeater or generic`},
		{"bad field_counts", "knowledge:\n  self_retrying_clients:\n    - {func: a.B, field_counts: tries}\n",
			`f.yaml:3: knowledge.self_retrying_clients[0].field_counts: "tries" is not a field_counts value (did you mean "retries"?); use retries or attempts`},
		{"bad attempts_field", "knowledge:\n  self_retrying_clients:\n    - {func: a.B, attempts_field: Retry.Max}\n",
			`f.yaml:3: knowledge.self_retrying_clients[0].attempts_field: "Retry.Max" is not a Go field name`},
		{"bad regexp", "knowledge:\n  dead_letter:\n    pattern: '(dlq'\n",
			"f.yaml:3: knowledge.dead_letter.pattern: bad regexp: error parsing regexp: missing closing ): `(dlq`"},
		{"bad header", "knowledge:\n  idempotency_headers: ['Idempotency Key']\n",
			`f.yaml:2: knowledge.idempotency_headers[0]: "Idempotency Key" is not an HTTP header name`},
		{"bad import path", "knowledge:\n  budget_libraries: ['github.com/x/(y)']\n",
			`f.yaml:2: knowledge.budget_libraries[0]: "github.com/x/(y)" is not an import path (like github.com/sony/gobreaker; '*' matches any run of characters)`},
		{"func name without package", "knowledge:\n  external_calls: [Get]\n",
			`f.yaml:2: knowledge.external_calls[0]: "Get" is not a function name; ` + funcHelp},
		{"func name with empty element", "knowledge:\n  external_calls: ['net/http..Get']\n",
			`f.yaml:2: knowledge.external_calls[0]: "net/http..Get" is not a function name; ` + funcHelp},
		{"method without closing paren", "knowledge:\n  checkpoint_calls: ['(net/http.Client.Do']\n",
			`f.yaml:2: knowledge.checkpoint_calls[0]: "(net/http.Client.Do" is not a function name; ` + funcHelp},
		{"method without type", "knowledge:\n  dead_letter:\n    produce: ['(*net/http).Do']\n",
			`f.yaml:3: knowledge.dead_letter.produce[0]: "(*net/http).Do" is not a function name; ` + funcHelp},
		{"func name with spaces", "knowledge:\n  transaction_helpers:\n    - {func: ' time.Now', callback: 0}\n",
			`f.yaml:3: knowledge.transaction_helpers[0].func: " time.Now" has leading or trailing spaces`},
		{"duplicate func in one list", "knowledge:\n  retry_helpers:\n    - {func: a.B, callback: 0}\n    - {func: a.B, callback: 1}\n",
			`f.yaml:4: knowledge.retry_helpers[1].func: "a.B" is given twice (first on line 3)`},
		{"bad item id", "checklist:\n  - {id: Foo_bar, question: q, decision: auto}\n",
			`f.yaml:2: checklist[0].id: "Foo_bar" is not an item id (kebab-case: lower-case words joined by '-', like call-timeouts)`},
		{"bad decision", "checklist:\n  - {id: x, question: q, decision: sometimes}\n",
			`f.yaml:2: checklist[0].decision: "sometimes" is not a decision; use auto, partial or manual`},
		{"bad site kind", "checklist:\n  - {id: x, question: q, decision: auto, applies_to: [retries]}\n",
			`f.yaml:2: checklist[0].applies_to[0]: "retries" is not a site kind (did you mean "retry"?); use retry, http-client, external-call, tx-callback, handler or idempotent-request`},
		{"bad replace section", "replace: [knowledge.external_call]\n",
			`f.yaml:1: replace[0]: "knowledge.external_call" cannot be replaced (did you mean "knowledge.external_calls"?); replaceable sections: knowledge.retry_helpers, knowledge.backoff_calls, knowledge.classifiers, knowledge.transaction_helpers, knowledge.self_retrying_clients, knowledge.external_calls, knowledge.local_calls, knowledge.nondeterministic_calls, knowledge.checkpoint_calls, knowledge.cumulative_checkpoints, knowledge.dead_letter.produce, knowledge.dead_letter.async, knowledge.dead_letter.funcs, knowledge.idempotency_headers, knowledge.budget_libraries, knowledge.http_timeout.exempt_packages, knowledge.http_timeout.exempt_constructors, knowledge.http_timeout.bounding_fields, knowledge.http_timeout.context_free_fields, knowledge.http_timeout.context_client_senders, knowledge.grpc.connections, knowledge.grpc.disable_retry, knowledge.grpc.retry_configs, knowledge.grpc.transient_codes, knowledge.token_url_fields, checklist`},
		{"replace not a list", "replace: checklist\n",
			`f.yaml:1: replace: want a list of section names, got a string`},
		// Checks made after decoding, across entries.
		{"rule without name", "rules:\n  - {severity: error}\n",
			`f.yaml:2: rules[0]: a rule entry needs a name`},
		{"duplicate rule", "rules:\n  - {name: a, severity: error, title: t, summary: s}\n  - {name: a, severity: error, title: t, summary: s}\n",
			`f.yaml:3: rules[1].name: rule "a" is given twice (first on line 2)`},
		{"rule missing fields", "rules:\n  - {name: a, severity: error}\n",
			`f.yaml:2: rules[0]: rule "a" needs title and summary`},
		{"item without id", "checklist:\n  - {question: q, decision: auto}\n",
			`f.yaml:2: checklist[0]: a checklist item needs an id`},
		{"duplicate item", "checklist:\n  - {id: x, question: q, decision: auto}\n  - {id: x, question: q, decision: auto}\n",
			`f.yaml:3: checklist[1].id: item "x" is given twice (first on line 2)`},
		{"item missing fields", "checklist:\n  - {id: x}\n",
			`f.yaml:2: checklist[0]: new checklist item "x" needs question and decision`},
		{"verified_by unknown rule", miniCatalog + "  - {id: x, question: q, decision: auto, verified_by: [alpah]}\n",
			`f.yaml:16: checklist[1].verified_by[0]: unknown rule "alpah" (did you mean "alpha"?); known rules: alpha, beta`},
		{"verified_by without rules", "checklist:\n  - {id: x, question: q, decision: auto, verified_by: [alpha]}\n",
			`f.yaml:2: checklist[0].verified_by[0]: unknown rule "alpha"; the file defines no rules`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("f.yaml", []byte(tt.src))
			if err == nil {
				t.Fatalf("Parse succeeded, want %s", tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error:\n got %s\nwant %s", err, tt.want)
			}
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T is not a *ConfigError", err)
			}
			if ce.File != "f.yaml" || ce.Line == 0 {
				t.Errorf("ConfigError = %+v, want file f.yaml and a line", ce)
			}
		})
	}
}

func TestParseSeveralErrors(t *testing.T) {
	src := "checklist:\n  - {id: x, question: q, decision: never}\nrules:\n  - {name: a, severity: bad}\n"
	_, err := Parse("f.yaml", []byte(src))
	var es ConfigErrors
	if !errors.As(err, &es) {
		t.Fatalf("error %T (%v) is not ConfigErrors", err, err)
	}
	want := `f.yaml:2: checklist[0].decision: "never" is not a decision; use auto, partial or manual
f.yaml:4: rules[0].severity: "bad" is not a severity; use error, warning or info`
	if err.Error() != want {
		t.Errorf("error:\n got %s\nwant %s", err, want)
	}
	var first *ConfigError
	if !errors.As(err, &first) || first.Line != 2 {
		t.Errorf("errors.As found %+v, want the line-2 error", first)
	}
}

func TestConfigErrorFormat(t *testing.T) {
	tests := []struct {
		e    ConfigError
		want string
	}{
		{ConfigError{File: "a.yaml", Line: 3, Msg: "m"}, "a.yaml:3: m"},
		{ConfigError{File: "a.yaml", Msg: "m"}, "a.yaml: m"},
		{ConfigError{Msg: "m"}, "m"},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%+v.Error() = %q, want %q", tt.e, got, tt.want)
		}
	}
}

func TestFuncNameGrammar(t *testing.T) {
	good := []string{
		"time.Now",
		"errors.Is",
		"math/rand.*",
		"(*net/http.Client).Do",
		"(net.Error).Timeout",
		"(github.com/IBM/sarama.ConsumerGroupSession).MarkMessage",
		"github.com/satori/go.uuid.NewV4",
		"(*github.com/aws/aws-sdk-go-v2/service/*.Client).*",
		"(*github.com/avast/retry-go/v5.RetrierWithData[T]).Do",
		"(github.com/failsafe-go/failsafe-go.FailurePolicyBuilder[S, R any]).Handle*",
		"k8s.io/apimachinery/pkg/api/errors.Is*",
		"gopkg.in/yaml.v3.Unmarshal",
	}
	bad := []string{
		"", "Now", "time.", ".Now", "time..Now", "net/http..Get", "/net/http.Get",
		"net//http.Get", "(net/http.Client.Do", "(*net/http).Do", "(net/http.Client).",
		"(net/http.Client)Do", "time.Now()", "time.Now ", "(net/http.Client).Do.X",
	}
	for _, s := range good {
		if !IsFuncName(s) {
			t.Errorf("IsFuncName(%q) = false, want true", s)
		}
	}
	for _, s := range bad {
		if IsFuncName(s) {
			t.Errorf("IsFuncName(%q) = true, want false", s)
		}
	}
}
