package plugin

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/rules"
)

// Settings are the plugin's settings after decoding.
type Settings struct {
	// Config is the path of a rules file, relative to golangci-lint's working directory.
	Config string
	// Enable, when not empty, limits the run to these rules.
	Enable []string
	// Disable lists rules that do not run.
	Disable []string
	// Knowledge holds the knowledge additions, keyed as in rules.yaml.
	Knowledge map[string]any
}

// Keys of the settings besides the knowledge section's.
const (
	keyConfig  = "config"
	keyEnable  = "enable"
	keyDisable = "disable"
)

// DecodeSettings checks and decodes the raw settings golangci-lint hands over
// (a map with lowercased keys, or nil). Unknown keys and unknown rule names are errors.
func DecodeSettings(raw any) (Settings, error) {
	var s Settings
	if raw == nil {
		return s, nil
	}
	m, ok := asMap(raw)
	if !ok {
		return s, fmt.Errorf("retrylint settings: want a map of settings, got %s", describe(raw))
	}
	for _, key := range slices.Sorted(maps.Keys(m)) {
		v := m[key]
		var err error
		switch key {
		case keyConfig:
			s.Config, err = decodeString(key, v)
		case keyEnable:
			s.Enable, err = decodeRuleNames(key, v)
		case keyDisable:
			s.Disable, err = decodeRuleNames(key, v)
		default:
			t, known := knowledgeFields()[key]
			if !known {
				return s, fmt.Errorf("retrylint settings: unknown key %q (allowed: %s)",
					key, strings.Join(allowedKeys(), ", "))
			}
			err = checkValue(key, v, t)
			if err == nil {
				if s.Knowledge == nil {
					s.Knowledge = make(map[string]any)
				}
				s.Knowledge[key] = v
			}
		}
		if err != nil {
			return s, err
		}
	}
	for _, n := range s.Enable {
		if slices.Contains(s.Disable, n) {
			return s, fmt.Errorf("retrylint settings: rule %q is in both enable and disable", n)
		}
	}
	return s, nil
}

// runs reports whether the rule's analyzer is handed to golangci-lint.
func (s Settings) runs(rule string) bool {
	if slices.Contains(s.Disable, rule) {
		return false
	}
	return len(s.Enable) == 0 || slices.Contains(s.Enable, rule)
}

// allowedKeys lists every key the settings accept, sorted.
func allowedKeys() []string {
	keys := []string{keyConfig, keyEnable, keyDisable}
	for k := range knowledgeFields() {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ruleNames lists the rules of the catalog, planned ones included (naming one
// that has no analyzer yet is harmless), and any analyzer the catalog lacks.
func ruleNames() []string {
	names := rules.Names()
	for _, a := range analyzers.All() {
		if !slices.Contains(names, a.Name) {
			names = append(names, a.Name)
		}
	}
	return names
}

func decodeString(key string, v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("retrylint settings: %s: want a string, got %s", key, describe(v))
	}
	return s, nil
}

func decodeRuleNames(key string, v any) ([]string, error) {
	list, ok := asList(v)
	if !ok {
		return nil, fmt.Errorf("retrylint settings: %s: want a list of rule names, got %s", key, describe(v))
	}
	known := ruleNames()
	var out []string
	for i, item := range list {
		name, ok := item.(string)
		if !ok {
			return nil, fmt.Errorf("retrylint settings: %s[%d]: want a rule name, got %s", key, i, describe(item))
		}
		if !slices.Contains(known, name) {
			return nil, fmt.Errorf("retrylint settings: %s: unknown rule %q (known rules: %s)",
				key, name, strings.Join(known, ", "))
		}
		out = append(out, name)
	}
	return out, nil
}
