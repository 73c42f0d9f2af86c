package rules

import (
	"fmt"
	"reflect"
	"strings"
)

// apply merges the layer l into dst, which it modifies. allowNew says whether l
// may define rules dst does not have (true only for a complete catalog parsed
// onto an empty value). Problems are returned with l's file and lines.
//
// Merge rules:
//   - rules: entries are matched by name; the fields an entry sets replace the
//     old values, the others are kept. A user file cannot add rules, nor set
//     status or since.
//   - knowledge: every list adds to the old list, skipping entries already
//     present; in lists of entries with a func key (retry_helpers, ...), an entry
//     with the func of an old one replaces it. A section named in the top-level
//     replace list is replaced instead (emptied when the file does not give it).
//     A scalar (dead_letter.pattern) replaces the old value when set.
//   - checklist: items are matched by id; a known id changes the fields it sets,
//     a new id adds an item at the end. replace: [checklist] drops the old items.
func apply(dst *Knowledge, l *layer, allowNew bool) []*ConfigError {
	var errs []*ConfigError
	errorf := func(path string, format string, args ...any) {
		errs = append(errs, &ConfigError{File: l.name, Line: l.line(path), Msg: fmt.Sprintf(format, args...)})
	}

	// rules
	ruleIndex := make(map[string]int)
	for i, r := range dst.Rules {
		ruleIndex[r.Name] = i
	}
	builtin := ruleNames(dst)
	seen := make(map[string]int)
	for i, r := range l.k.Rules {
		p := fmt.Sprintf("rules[%d]", i)
		if !l.has(p + ".name") {
			errorf(p, "%s: a rule entry needs a name", p)
			continue
		}
		if first, dup := seen[r.Name]; dup {
			errorf(p+".name", "%s.name: rule %q is given twice (first on line %d)", p, r.Name, first)
			continue
		}
		seen[r.Name] = l.line(p + ".name")
		j, ok := ruleIndex[r.Name]
		if !ok {
			if !allowNew {
				errorf(p+".name", "%s.name: unknown rule %q%s; a user file can only change the built-in rules: %s",
					p, r.Name, suggest(r.Name, builtin), strings.Join(builtin, ", "))
				continue
			}
			var missing []string
			for _, key := range []string{"severity", "title", "summary"} {
				if !l.has(p + "." + key) {
					missing = append(missing, key)
				}
			}
			if len(missing) > 0 {
				errorf(p, "%s: rule %q needs %s", p, r.Name, andList(missing))
				continue
			}
			dst.Rules = append(dst.Rules, r)
			ruleIndex[r.Name] = len(dst.Rules) - 1
			continue
		}
		if !allowNew {
			bad := false
			for _, key := range []string{"status", "since"} {
				if l.has(p + "." + key) {
					errorf(p+"."+key, "%s.%s: status and since describe retrylint itself; a user file cannot set them", p, key)
					bad = true
				}
			}
			if bad {
				continue
			}
		}
		copySet(reflect.ValueOf(&dst.Rules[j]).Elem(), reflect.ValueOf(r), l, p, "name")
	}

	// knowledge
	errs = append(errs, mergeSection(reflect.ValueOf(&dst.Knowledge).Elem(), reflect.ValueOf(l.k.Knowledge), l, "knowledge")...)
	for i := range dst.Knowledge.RetryHelpers {
		if dst.Knowledge.RetryHelpers[i].Family == "" {
			dst.Knowledge.RetryHelpers[i].Family = "generic"
		}
	}
	for i := range dst.Knowledge.BackoffCalls {
		if dst.Knowledge.BackoffCalls[i].Family == "" {
			dst.Knowledge.BackoffCalls[i].Family = "generic"
		}
	}

	// checklist
	if l.replace["checklist"] {
		dst.Checklist = nil
	}
	itemIndex := make(map[string]int)
	for i, it := range dst.Checklist {
		itemIndex[it.ID] = i
	}
	seenItems := make(map[string]int)
	known := ruleNames(dst)
	for i, it := range l.k.Checklist {
		p := fmt.Sprintf("checklist[%d]", i)
		if !l.has(p + ".id") {
			errorf(p, "%s: a checklist item needs an id", p)
			continue
		}
		if first, dup := seenItems[it.ID]; dup {
			errorf(p+".id", "%s.id: item %q is given twice (first on line %d)", p, it.ID, first)
			continue
		}
		seenItems[it.ID] = l.line(p + ".id")
		for j, name := range it.VerifiedBy {
			if !contains(known, name) {
				vp := fmt.Sprintf("%s.verified_by[%d]", p, j)
				if len(known) == 0 {
					errorf(vp, "%s: unknown rule %q; the file defines no rules", vp, name)
					continue
				}
				errorf(vp, "%s: unknown rule %q%s; known rules: %s", vp, name, suggest(name, known), strings.Join(known, ", "))
			}
		}
		if j, ok := itemIndex[it.ID]; ok {
			copySet(reflect.ValueOf(&dst.Checklist[j]).Elem(), reflect.ValueOf(it), l, p, "id")
			continue
		}
		var missing []string
		for _, key := range []string{"question", "decision"} {
			if !l.has(p + "." + key) {
				missing = append(missing, key)
			}
		}
		if len(missing) > 0 {
			errorf(p, "%s: new checklist item %q needs %s", p, it.ID, andList(missing))
			continue
		}
		dst.Checklist = append(dst.Checklist, it)
		itemIndex[it.ID] = len(dst.Checklist) - 1
	}
	return errs
}

// copySet copies into dst the fields of src that the layer set at path, except skip.
func copySet(dst, src reflect.Value, l *layer, path, skip string) {
	t := dst.Type()
	for i := 0; i < t.NumField(); i++ {
		k := yamlKey(t.Field(i))
		if k == "" || k == skip || !l.has(path+"."+k) {
			continue
		}
		dst.Field(i).Set(deepCopy(src.Field(i)))
	}
}

// mergeSection merges the struct src (a knowledge section of l) into dst.
func mergeSection(dst, src reflect.Value, l *layer, path string) []*ConfigError {
	var errs []*ConfigError
	t := dst.Type()
	for i := 0; i < t.NumField(); i++ {
		k := yamlKey(t.Field(i))
		if k == "" {
			continue
		}
		p := join(path, k)
		df, sf := dst.Field(i), src.Field(i)
		switch df.Kind() {
		case reflect.Struct:
			errs = append(errs, mergeSection(df, sf, l, p)...)
		case reflect.Slice:
			if l.replace[p] {
				df.Set(deepCopy(sf))
				if df.Len() == 0 {
					df.Set(reflect.Zero(df.Type()))
				}
				errs = append(errs, duplicateFuncs(sf, l, p)...)
				continue
			}
			if !l.has(p) {
				continue
			}
			errs = append(errs, duplicateFuncs(sf, l, p)...)
			df.Set(mergeList(df, sf))
		default:
			if l.has(p) {
				df.Set(deepCopy(sf))
			}
		}
	}
	return errs
}

// funcKey returns the index of the "func" field of a struct type, or -1.
func funcKey(t reflect.Type) int {
	if t.Kind() != reflect.Struct {
		return -1
	}
	for i := 0; i < t.NumField(); i++ {
		if yamlKey(t.Field(i)) == "func" {
			return i
		}
	}
	return -1
}

// duplicateFuncs reports entries of one file's list that share a func.
func duplicateFuncs(list reflect.Value, l *layer, path string) []*ConfigError {
	fk := funcKey(list.Type().Elem())
	if fk < 0 {
		return nil
	}
	var errs []*ConfigError
	first := make(map[string]int)
	for i := 0; i < list.Len(); i++ {
		name := list.Index(i).Field(fk).String()
		p := fmt.Sprintf("%s[%d].func", path, i)
		if line, dup := first[name]; dup {
			errs = append(errs, &ConfigError{File: l.name, Line: l.line(p),
				Msg: fmt.Sprintf("%s: %q is given twice (first on line %d)", p, name, line)})
			continue
		}
		first[name] = l.line(p)
	}
	return errs
}

// mergeList adds the entries of src to a copy of dst. Entries with a func key
// replace the old entry of the same func; other entries are added unless an
// equal one is present.
func mergeList(dst, src reflect.Value) reflect.Value {
	out := deepCopy(dst)
	if out.IsNil() {
		out = reflect.MakeSlice(dst.Type(), 0, src.Len())
	}
	fk := funcKey(dst.Type().Elem())
	for i := 0; i < src.Len(); i++ {
		e := deepCopy(src.Index(i))
		found := -1
		for j := 0; j < out.Len(); j++ {
			if fk >= 0 {
				if out.Index(j).Field(fk).String() == e.Field(fk).String() {
					found = j
					break
				}
			} else if reflect.DeepEqual(out.Index(j).Interface(), e.Interface()) {
				found = j
				break
			}
		}
		switch {
		case found < 0:
			out = reflect.Append(out, e)
		case fk >= 0:
			out.Index(found).Set(e)
		}
	}
	return out
}

// deepCopy copies slices, pointers and structs so that merged values share no
// memory with their sources.
func deepCopy(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Slice:
		if v.IsNil() {
			return reflect.Zero(v.Type())
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			out.Index(i).Set(deepCopy(v.Index(i)))
		}
		return out
	case reflect.Pointer:
		if v.IsNil() {
			return reflect.Zero(v.Type())
		}
		p := reflect.New(v.Type().Elem())
		p.Elem().Set(deepCopy(v.Elem()))
		return p
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				out.Field(i).Set(deepCopy(v.Field(i)))
			}
		}
		return out
	}
	return v
}

// clone returns a deep copy of k without its compiled matchers.
func (k *Knowledge) clone() *Knowledge {
	return deepCopy(reflect.ValueOf(k).Elem()).Addr().Interface().(*Knowledge)
}

func ruleNames(k *Knowledge) []string {
	names := make([]string, len(k.Rules))
	for i, r := range k.Rules {
		names[i] = r.Name
	}
	return names
}

// andList writes "a, b and c".
func andList(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
