package plugin_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/rules"
)

func TestSettingsErrors(t *testing.T) {
	first := analyzers.All()[0].Name
	known := "known rules: " + strings.Join(rules.Names(), ", ")
	tests := []struct {
		name     string
		settings any
		want     []string
	}{
		{"not a map", "retryall", []string{"want a map of settings", `the string "retryall"`}},
		{"unknown key", map[string]any{"frobnicate": true},
			[]string{`unknown key "frobnicate"`, "allowed: ", "classifiers", "config", "disable", "enable", "retry_helpers"}},
		{"unknown rule in enable", map[string]any{"enable": []any{"nosuchrule"}},
			[]string{`enable: unknown rule "nosuchrule"`, known}},
		{"unknown rule in disable", map[string]any{"disable": []any{first, "nosuchrule"}},
			[]string{`disable: unknown rule "nosuchrule"`, known}},
		{"enable not a list", map[string]any{"enable": first},
			[]string{"enable: want a list of rule names", "got the string"}},
		{"rule name not a string", map[string]any{"disable": []any{7}},
			[]string{"disable[0]: want a rule name", "int 7"}},
		{"enabled and disabled", map[string]any{"enable": []any{first}, "disable": []any{first}},
			[]string{`rule "` + first + `" is in both enable and disable`}},
		{"config not a string", map[string]any{"config": []any{"a.yaml"}},
			[]string{"config: want a string, got a list"}},
		{"config missing", map[string]any{"config": filepath.Join("testdata", "config", "missing.yaml")},
			[]string{"config: ", "missing.yaml", "cannot read the rules file"}},
		{"config invalid", map[string]any{"config": filepath.Join("testdata", "config", "invalid.yaml")},
			[]string{"config: ", "invalid.yaml:3", "severity"}},
		{"knowledge not a list", map[string]any{"classifiers": "example.com/errs.IsTransient"},
			[]string{"classifiers: want a list, got the string"}},
		{"knowledge nested unknown key", map[string]any{
			"retry_helpers": []any{map[string]any{"fn": "example.com/r.Do"}},
		}, []string{`retry_helpers[0]: unknown key "fn"`, "allowed: ", "callback", "func"}},
		{"knowledge nested wrong type", map[string]any{
			"retry_helpers": []any{map[string]any{"func": "example.com/r.Do", "callback": "last"}},
		}, []string{"retry_helpers[0].callback: want an integer"}},
		{"knowledge object not a map", map[string]any{"dead_letter": []any{"dlq"}},
			[]string{"dead_letter: want a map, got a list"}},
		{"malformed function name", map[string]any{"classifiers": []any{"not a function"}},
			[]string{`retrylint settings: classifiers[0]: "not a function" is not a function name`}},
		{"bad regexp", map[string]any{"dead_letter": map[string]any{"pattern": "(dlq"}},
			[]string{"retrylint settings: dead_letter.pattern: bad regexp"}},
		{"bad family", map[string]any{
			"retry_helpers": []any{map[string]any{"func": "example.com/r.Do", "family": "nope"}},
		}, []string{`retrylint settings: retry_helpers[0].family: "nope"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := newPlugin(t, tt.settings)
			if err == nil {
				t.Fatalf("settings %v: no error", tt.settings)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestSettingsAccepted(t *testing.T) {
	all := names(analyzers.All())
	mustPlugin(t, map[string]any{
		"config":              filepath.Join("testdata", "config", "no-retryall.yaml"),
		"disable":             []any{all[len(all)-1]},
		"classifiers":         []any{"example.com/errs.IsTransient"},
		"idempotency_headers": []any{"X-Request-Id"},
		"external_calls":      []any{"(*example.com/mail.Client).Send"},
		"retry_helpers": []any{map[string]any{
			"func": "example.com/retry.Do", "callback": 1, "family": "generic",
		}},
		"dead_letter": map[string]any{"funcs": []any{"example.com/dlq.Write"}, "pattern": "(?i)dlq"},
		// YAML decoders of golangci-lint's config hand over these types too.
		"budget_libraries": []string{"example.com/budget"},
		"http_timeout":     map[any]any{"exempt_packages": []any{"example.com/stream/*"}},
	})
}
