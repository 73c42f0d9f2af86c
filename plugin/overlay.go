package plugin

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/retrylint/retrylint/internal/rules"
)

// OverlayName is how the rules package names the plugin settings in its messages.
const OverlayName = "golangci-lint settings of retrylint"

// apply installs the settings in the rules package: the rules file, then the
// overlay (merged last) that holds the enable/disable choices and the knowledge
// additions. Both are validated here, so a bad setting stops golangci-lint before
// any package is analysed.
func (s Settings) apply() error {
	config := s.Config
	if config != "" {
		abs, err := filepath.Abs(config)
		if err != nil {
			return fmt.Errorf("retrylint settings: config: %w", err)
		}
		config = abs
	}
	if err := rules.SetConfigPath(config); err != nil {
		return fmt.Errorf("retrylint settings: config: %w", err)
	}
	// Load the file now: a file that does not validate would otherwise fail
	// every package's analysis, one error each.
	base, err := rules.Load(config)
	if err != nil {
		return fmt.Errorf("retrylint settings: config: %w", err)
	}
	data, err := s.overlay()
	if err != nil {
		return err
	}
	if len(data) > 0 {
		if _, err := rules.Merge(base, OverlayName, data); err != nil {
			return overlayError(err)
		}
	}
	if err := rules.SetOverlay(OverlayName, data); err != nil {
		return overlayError(err)
	}
	return nil
}

// overlayError rewrites the rules package's complaints about the overlay in
// terms of the settings: the overlay's file name and lines mean nothing to the
// user, and the settings have no "knowledge." level.
func overlayError(err error) error {
	var list rules.ConfigErrors
	var one *rules.ConfigError
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = rules.ConfigErrors{one}
	default:
		return fmt.Errorf("retrylint settings: %w", err)
	}
	msgs := make([]string, len(list))
	for i, e := range list {
		msgs[i] = strings.TrimPrefix(e.Msg, "knowledge.")
	}
	return fmt.Errorf("retrylint settings: %s", strings.Join(msgs, "; "))
}

// overlay renders the settings as a rules file, or nil when they add nothing.
func (s Settings) overlay() ([]byte, error) {
	type ruleEntry struct {
		Name    string `yaml:"name"`
		Enabled bool   `yaml:"enabled"`
	}
	doc := make(map[string]any)
	var entries []ruleEntry
	for _, n := range s.Enable {
		entries = append(entries, ruleEntry{Name: n, Enabled: true})
	}
	for _, n := range s.Disable {
		entries = append(entries, ruleEntry{Name: n, Enabled: false})
	}
	if len(entries) > 0 {
		doc["rules"] = entries
	}
	if len(s.Knowledge) > 0 {
		doc["knowledge"] = s.Knowledge
	}
	if len(doc) == 0 {
		return nil, nil
	}
	data, err := yaml.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("retrylint settings: %w", err)
	}
	return data, nil
}
