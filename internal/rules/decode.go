package rules

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// ConfigError is a problem in a rules file, located at a line of it.
type ConfigError struct {
	File string
	Line int
	Msg  string
}

func (e *ConfigError) Error() string {
	switch {
	case e.File == "" && e.Line == 0:
		return e.Msg
	case e.Line == 0:
		return e.File + ": " + e.Msg
	default:
		return e.File + ":" + strconv.Itoa(e.Line) + ": " + e.Msg
	}
}

// ConfigErrors is what Parse, Merge and Load return when a file has more than
// one problem; errors.As finds the first *ConfigError in it.
type ConfigErrors []*ConfigError

func (es ConfigErrors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap gives errors.Is and errors.As access to every error.
func (es ConfigErrors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// errorList turns collected problems into an error: nil, the one *ConfigError,
// or ConfigErrors sorted by line.
func errorList(es []*ConfigError) error {
	switch len(es) {
	case 0:
		return nil
	case 1:
		return es[0]
	}
	sort.SliceStable(es, func(i, j int) bool { return es[i].Line < es[j].Line })
	return ConfigErrors(es)
}

// layer is one decoded file: its values, plus where each value was written.
type layer struct {
	name string
	k    Knowledge
	// nodes maps a value's path ("rules[2].severity", "checklist[0]") to its node.
	nodes map[string]*yaml.Node
	// replace lists the sections (see replaceable) the file replaces instead of
	// extending.
	replace map[string]bool
}

// has reports whether the file set the value at path.
func (l *layer) has(path string) bool { _, ok := l.nodes[path]; return ok }

// line returns the line of the value at path, or of its nearest parent.
func (l *layer) line(path string) int {
	for {
		if n, ok := l.nodes[path]; ok {
			return n.Line
		}
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			return 0
		}
		path = path[:i]
	}
}

// decoder walks a yaml.Node tree into Go values, recording problems with lines.
type decoder struct {
	file  string
	errs  []*ConfigError
	nodes map[string]*yaml.Node
}

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	line := 0
	if n != nil {
		line = n.Line
	}
	d.errs = append(d.errs, &ConfigError{File: d.file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

var (
	yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
	typeLine = regexp.MustCompile(`^line (\d+): (.*)$`)
)

// decodeLayer parses data into a layer. Syntax errors, unknown keys, wrong types
// and bad values are reported with the line they are on.
func decodeLayer(name string, data []byte) (*layer, error) {
	d := &decoder{file: name, nodes: make(map[string]*yaml.Node)}
	l := &layer{name: name, nodes: d.nodes, replace: make(map[string]bool)}

	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return l, nil // an empty file changes nothing
		}
		return nil, syntaxError(name, data, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, &ConfigError{File: name, Line: extra.Line, Msg: "a rules file holds one YAML document; remove the second one (after ---)"}
	} else if !errors.Is(err, io.EOF) {
		return nil, syntaxError(name, data, err)
	}

	root := deref(&doc)
	if root.Kind == yaml.DocumentNode {
		if len(root.Content) == 0 {
			return l, nil
		}
		root = deref(root.Content[0])
	}
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return l, nil
	}
	d.structFields(root, reflect.ValueOf(&l.k).Elem(), "", map[string]func(*yaml.Node){
		"replace": func(v *yaml.Node) { d.replaceList(v, l) },
	})
	return l, errorList(d.errs)
}

// firstBadLine returns the smallest n such that the first n lines of data do
// not parse as YAML, or 0.
func firstBadLine(data []byte) int {
	lines := bytes.SplitAfter(data, []byte("\n"))
	for n := 1; n <= len(lines); n++ {
		var v yaml.Node
		dec := yaml.NewDecoder(bytes.NewReader(bytes.Join(lines[:n], nil)))
		for {
			err := dec.Decode(&v)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return n
			}
		}
	}
	return 0
}

// syntaxError turns a yaml.v3 error ("yaml: line 3: ...") into a ConfigError.
// yaml.v3 gives the line of the construct it was parsing, which can be a line
// or more before the one at fault; the first line at which a prefix of the
// file stops parsing is the one to fix, when it comes later.
func syntaxError(name string, data []byte, err error) error {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		if at := firstBadLine(data); at > line {
			line = at
		}
		return &ConfigError{File: name, Line: line, Msg: "YAML syntax: " + m[2]}
	}
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
		if m := typeLine.FindStringSubmatch(msg); m != nil {
			line, _ := strconv.Atoi(m[1])
			return &ConfigError{File: name, Line: line, Msg: m[2]}
		}
	}
	return &ConfigError{File: name, Msg: strings.TrimPrefix(msg, "yaml: ")}
}

// deref follows YAML aliases (*name) to the anchored node.
func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// describe names a node's YAML type for messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!str":
			return "a string"
		case "!!int":
			return "an integer"
		case "!!float":
			return "a number"
		case "!!bool":
			return "a boolean"
		case "!!null":
			return "nothing"
		case "!!timestamp":
			return "a timestamp"
		}
		return "a " + strings.TrimPrefix(n.Tag, "!!")
	}
	return "something else"
}

// yamlKey returns the yaml key of a struct field, or "" when it is not decoded.
func yamlKey(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	tag := f.Tag.Get("yaml")
	if tag == "-" {
		return ""
	}
	if i := strings.IndexByte(tag, ','); i >= 0 {
		tag = tag[:i]
	}
	if tag == "" {
		return strings.ToLower(f.Name)
	}
	return tag
}

// structKeys returns the yaml keys of a struct type in declaration order.
func structKeys(t reflect.Type) []string {
	var keys []string
	for i := 0; i < t.NumField(); i++ {
		if k := yamlKey(t.Field(i)); k != "" {
			keys = append(keys, k)
		}
	}
	return keys
}

// join appends a key to a path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// where names a path for messages ("the top level" for the root).
func where(path string) string {
	if path == "" {
		return "top level"
	}
	return path
}

// structFields decodes a mapping into the struct v. Keys must be yaml keys of
// the struct or keys of extra (handled by their function). A key given twice or
// an unknown key is an error; a null value leaves the field unset.
func (d *decoder) structFields(n *yaml.Node, v reflect.Value, path string, extra map[string]func(*yaml.Node)) {
	n = deref(n)
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "%s: want a mapping, got %s", where(path), describe(n))
		return
	}
	t := v.Type()
	fields := make(map[string]int)
	allowed := structKeys(t)
	for i := 0; i < t.NumField(); i++ {
		if k := yamlKey(t.Field(i)); k != "" {
			fields[k] = i
		}
	}
	for k := range extra {
		allowed = append(allowed, k)
	}
	seen := make(map[string]int)
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := deref(n.Content[i]), deref(n.Content[i+1])
		if kn.Kind != yaml.ScalarNode {
			d.errorf(kn, "%s: keys must be plain words, got %s", where(path), describe(kn))
			continue
		}
		key := kn.Value
		if first, dup := seen[key]; dup {
			d.errorf(kn, "%s: key %q is given twice (first on line %d)", where(path), key, first)
			continue
		}
		seen[key] = kn.Line
		if fn, ok := extra[key]; ok {
			if !isNull(vn) {
				d.nodes[join(path, key)] = vn
				fn(vn)
			}
			continue
		}
		fi, ok := fields[key]
		if !ok {
			d.errorf(kn, "%s: unknown key %q%s; allowed keys: %s", where(path), key, suggest(key, allowed), strings.Join(allowed, ", "))
			continue
		}
		if isNull(vn) {
			continue
		}
		d.value(vn, v.Field(fi), join(path, key))
	}
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// value decodes n into v (by v's kind) and runs the path's value check.
func (d *decoder) value(n *yaml.Node, v reflect.Value, path string) {
	n = deref(n)
	d.nodes[path] = n
	switch v.Kind() {
	case reflect.String:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
			d.errorf(n, "%s: want a string, got %s%s", path, describe(n), quoteHint(n))
			return
		}
		if msg := checkString(path, n.Value); msg != "" {
			d.errorf(n, "%s: %s", path, msg)
			return
		}
		v.SetString(n.Value)
	case reflect.Bool:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
			d.errorf(n, "%s: want true or false, got %s", path, describe(n))
			return
		}
		b, err := strconv.ParseBool(n.Value)
		if err != nil {
			d.errorf(n, "%s: want true or false, got %q", path, n.Value)
			return
		}
		v.SetBool(b)
	case reflect.Int:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
			d.errorf(n, "%s: want an integer, got %s", path, describe(n))
			return
		}
		i, err := strconv.ParseInt(n.Value, 0, 64)
		if err != nil {
			d.errorf(n, "%s: want an integer, got %q", path, n.Value)
			return
		}
		if i < 0 {
			d.errorf(n, "%s: must not be negative, got %d", path, i)
			return
		}
		v.SetInt(i)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		d.ifNoNewErrors(func() { d.value(n, p.Elem(), path) }, func() { v.Set(p) })
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			d.errorf(n, "%s: want a list, got %s", path, describe(n))
			return
		}
		s := reflect.MakeSlice(v.Type(), 0, len(n.Content))
		for i, el := range n.Content {
			ev := reflect.New(v.Type().Elem()).Elem()
			elPath := fmt.Sprintf("%s[%d]", path, i)
			if isNull(deref(el)) {
				d.errorf(deref(el), "%s: empty list entry", elPath)
				continue
			}
			d.value(el, ev, elPath)
			s = reflect.Append(s, ev)
		}
		v.Set(s)
	case reflect.Struct:
		d.structFields(n, v, path, nil)
	default:
		d.errorf(n, "%s: cannot decode into %s", path, v.Type())
	}
}

// ifNoNewErrors runs decode and, when it added no error, commit.
func (d *decoder) ifNoNewErrors(decode, commit func()) {
	before := len(d.errs)
	decode()
	if len(d.errs) == before {
		commit()
	}
}

// quoteHint suggests quoting a scalar that YAML read as another type.
func quoteHint(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode && n.Tag != "!!str" && n.Tag != "!!null" {
		return fmt.Sprintf(" (quote it: %q)", n.Value)
	}
	return ""
}

// replaceList decodes the top-level replace: list.
func (d *decoder) replaceList(n *yaml.Node, l *layer) {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "replace: want a list of section names, got %s", describe(n))
		return
	}
	allowed := replaceable()
	for i, el := range n.Content {
		el = deref(el)
		path := fmt.Sprintf("replace[%d]", i)
		d.nodes[path] = el
		if el.Kind != yaml.ScalarNode || el.Tag != "!!str" {
			d.errorf(el, "%s: want a section name, got %s", path, describe(el))
			continue
		}
		if !contains(allowed, el.Value) {
			d.errorf(el, "%s: %q cannot be replaced%s; replaceable sections: %s", path, el.Value, suggest(el.Value, allowed), strings.Join(allowed, ", "))
			continue
		}
		l.replace[el.Value] = true
	}
}

// replaceable lists the sections a user file may replace: every list of the
// knowledge section (nested ones included) and the checklist.
func replaceable() []string {
	var out []string
	var walk func(t reflect.Type, path string)
	walk = func(t reflect.Type, path string) {
		for i := 0; i < t.NumField(); i++ {
			k := yamlKey(t.Field(i))
			if k == "" {
				continue
			}
			switch ft := t.Field(i).Type; ft.Kind() {
			case reflect.Slice:
				out = append(out, join(path, k))
			case reflect.Struct:
				walk(ft, join(path, k))
			}
		}
	}
	walk(reflect.TypeOf(Base{}), "knowledge")
	return append(out, "checklist")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// suggest returns ` (did you mean "x"?)` for the closest allowed word, if close:
// at most two edits away, or sharing its first three letters and at most half
// the word's length away.
func suggest(word string, allowed []string) string {
	best := Closest(word, allowed)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// Closest returns the allowed word closest to word, if close (see suggest),
// or "" when none is, or word itself is allowed.
func Closest(word string, allowed []string) string {
	best, bestDist := "", -1
	w := strings.ToLower(word)
	for _, a := range allowed {
		la := strings.ToLower(a)
		d := editDistance(w, la)
		close := d <= 2 || (d <= len(w)/2 && len(w) >= 3 && len(la) >= 3 && w[:3] == la[:3])
		if close && (bestDist < 0 || d < bestDist) {
			best, bestDist = a, d
		}
	}
	if best == word {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance of two short words.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
