package rules

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	retrylint "github.com/retrylint/retrylint"
)

// FileName is the name of the user file looked for by Find.
const FileName = ".retrylint.yaml"

// embeddedName is the file name used in messages about the embedded catalog.
const embeddedName = "rules.yaml"

// Parse reads a complete rules file, such as the embedded rules.yaml: every rule
// needs a name, severity, title and summary, and checklist items may only name
// rules of the same file. name is used in error messages. Errors are
// *ConfigError (or ConfigErrors when there are several), each with a line.
func Parse(name string, data []byte) (*Knowledge, error) {
	l, err := decodeLayer(name, data)
	if err != nil {
		return nil, err
	}
	k := &Knowledge{}
	if err := errorList(apply(k, l, true)); err != nil {
		return nil, err
	}
	k.Source = []string{name}
	return k, nil
}

// Merge returns a copy of base with the user file data (named name in messages)
// merged on top, following the rules documented in docs/configuration.md: rules
// and checklist items change field by field, knowledge lists grow unless the
// file lists them under replace. base is not modified.
func Merge(base *Knowledge, name string, data []byte) (*Knowledge, error) {
	l, err := decodeLayer(name, data)
	if err != nil {
		return nil, err
	}
	k := base.clone()
	if err := errorList(apply(k, l, false)); err != nil {
		return nil, err
	}
	k.Source = append(k.Source, name)
	return k, nil
}

var (
	defaultOnce sync.Once
	defaultK    *Knowledge
)

// Default returns the embedded catalog, parsed and compiled once. The value is
// shared: treat it as read-only. It panics if the embedded file is invalid,
// which the package's tests rule out.
func Default() *Knowledge {
	defaultOnce.Do(func() {
		k, err := Parse(embeddedName, retrylint.DefaultRules)
		if err != nil {
			panic(fmt.Sprintf("retrylint: the embedded rules.yaml is invalid: %v", err))
		}
		k.Source = []string{"<embedded>"}
		k.Compile()
		defaultK = k
	})
	return defaultK
}

// Names returns the names of the catalog's rules, in catalog order.
func Names() []string { return ruleNames(Default()) }

// Load returns the default catalog merged with the user file at path (the
// default alone when path is ""). The result is compiled.
func Load(path string) (*Knowledge, error) {
	if path == "" {
		return Default(), nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &ConfigError{File: path, Msg: fmt.Sprintf("cannot read the rules file: %v", unwrapPath(err))}
	}
	k, err := Merge(Default(), path, data)
	if err != nil {
		return nil, err
	}
	k.Compile()
	return k, nil
}

// unwrapPath drops the path from an *fs.PathError, which ConfigError already names.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Find looks for .retrylint.yaml in dir and its parents, up to and including
// the module root (the first directory holding go.mod); without a go.mod it
// goes up to the file-system root. It returns the absolute path of the file,
// or "" when there is none.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		candidate := filepath.Join(dir, FileName)
		switch fi, err := os.Stat(candidate); {
		case err == nil && !fi.IsDir():
			return candidate, nil
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return "", err
		}
		if fi, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !fi.IsDir() {
			return "", nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// ConfigPath is the rules file named by the global -config flag ("" when the
// flag is not given). Prefer SetConfigPath, which makes it absolute.
var ConfigPath string

// selection is the state behind ForDir.
var selection struct {
	mu          sync.Mutex
	overlayName string
	overlay     []byte
	cache       map[string]*cacheEntry // by resolved file path ("" = none)
	found       map[string]string      // Find results by directory
}

type cacheEntry struct {
	once sync.Once
	k    *Knowledge
	err  error
}

// SetConfigPath sets ConfigPath to p made absolute against the current
// directory, after checking that it names a readable file. "" clears it.
func SetConfigPath(p string) error {
	abs := ""
	if p != "" {
		var err error
		if abs, err = filepath.Abs(p); err != nil {
			return err
		}
		fi, err := os.Stat(abs)
		if err != nil {
			return &ConfigError{File: abs, Msg: fmt.Sprintf("cannot read the rules file: %v", unwrapPath(err))}
		}
		if fi.IsDir() {
			return &ConfigError{File: abs, Msg: "is a directory, not a rules file"}
		}
	}
	selection.mu.Lock()
	defer selection.mu.Unlock()
	ConfigPath = abs
	selection.cache = nil
	return nil
}

// SetOverlay sets YAML merged after every other file (the golangci-lint plugin
// passes its settings this way). It is checked against the default catalog at
// once. Empty data removes the overlay.
func SetOverlay(name string, data []byte) error {
	if len(data) > 0 {
		if _, err := Merge(Default(), name, data); err != nil {
			return err
		}
	}
	selection.mu.Lock()
	defer selection.mu.Unlock()
	if len(data) == 0 {
		name, data = "", nil
	}
	selection.overlayName, selection.overlay = name, append([]byte(nil), data...)
	selection.cache = nil
	return nil
}

// ForDir returns the knowledge that applies to the package in dir: the file of
// ConfigPath when set, else the .retrylint.yaml that Find(dir) locates, else the
// embedded default; then the overlay. Results are cached per file and compiled;
// they are shared, so treat them as read-only. Safe for concurrent use.
func ForDir(dir string) (*Knowledge, error) {
	selection.mu.Lock()
	path := ConfigPath
	selection.mu.Unlock()
	if path == "" {
		var err error
		if path, err = findCached(dir); err != nil {
			return nil, err
		}
	}

	selection.mu.Lock()
	if selection.cache == nil {
		selection.cache = make(map[string]*cacheEntry)
	}
	e := selection.cache[path]
	if e == nil {
		e = &cacheEntry{}
		selection.cache[path] = e
	}
	overlayName, overlay := selection.overlayName, selection.overlay
	selection.mu.Unlock()

	e.once.Do(func() {
		k, err := Load(path)
		if err == nil && len(overlay) > 0 {
			if k, err = Merge(k, overlayName, overlay); err == nil {
				k.Compile()
			}
		}
		e.k, e.err = k, err
	})
	return e.k, e.err
}

// findCached is Find with its answers remembered per directory.
func findCached(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	selection.mu.Lock()
	p, ok := selection.found[abs]
	selection.mu.Unlock()
	if ok {
		return p, nil
	}
	p, err = Find(abs)
	if err != nil {
		return "", err
	}
	selection.mu.Lock()
	if selection.found == nil {
		selection.found = make(map[string]string)
	}
	selection.found[abs] = p
	selection.mu.Unlock()
	return p, nil
}

// resetSelection forgets the global selection (for tests).
func resetSelection() {
	selection.mu.Lock()
	defer selection.mu.Unlock()
	ConfigPath = ""
	selection.overlayName, selection.overlay = "", nil
	selection.cache, selection.found = nil, nil
}
