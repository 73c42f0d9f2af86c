package plugin

import (
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/rules"
)

// knowledgeFields maps each key of rules.yaml's knowledge section to the Go type of
// its field, read from the yaml tags of rules.Base, so new knowledge keys become
// plugin settings without a change here.
func knowledgeFields() map[string]reflect.Type {
	return yamlFields(reflect.TypeOf(rules.Base{}))
}

// yamlFields maps the yaml keys of a struct type to the types of their fields.
func yamlFields(t reflect.Type) map[string]reflect.Type {
	fields := make(map[string]reflect.Type)
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		fields[name] = f.Type
	}
	return fields
}

// checkValue checks the shape of a settings value against the type of the
// knowledge field it fills: lists where rules.yaml has lists, maps with known keys
// where it has objects, and scalars of the right kind. The values themselves
// (function names, regexps) are checked by the rules package.
func checkValue(path string, v any, t reflect.Type) error {
	if t.Kind() == reflect.Pointer {
		if v == nil {
			return nil
		}
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice:
		list, ok := asList(v)
		if !ok {
			return fmt.Errorf("retrylint settings: %s: want a list, got %s", path, describe(v))
		}
		for i, item := range list {
			if err := checkValue(fmt.Sprintf("%s[%d]", path, i), item, t.Elem()); err != nil {
				return err
			}
		}
	case reflect.Struct:
		m, ok := asMap(v)
		if !ok {
			return fmt.Errorf("retrylint settings: %s: want a map, got %s", path, describe(v))
		}
		fields := yamlFields(t)
		for _, k := range slices.Sorted(maps.Keys(m)) {
			ft, known := fields[k]
			if !known {
				return fmt.Errorf("retrylint settings: %s: unknown key %q (allowed: %s)",
					path, k, strings.Join(slices.Sorted(maps.Keys(fields)), ", "))
			}
			if err := checkValue(path+"."+k, m[k], ft); err != nil {
				return err
			}
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			return fmt.Errorf("retrylint settings: %s: want a string, got %s", path, describe(v))
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return fmt.Errorf("retrylint settings: %s: want true or false, got %s", path, describe(v))
		}
	case reflect.Int, reflect.Int64, reflect.Int32:
		if !isInteger(v) {
			return fmt.Errorf("retrylint settings: %s: want an integer, got %s", path, describe(v))
		}
	}
	return nil
}

func isInteger(v any) bool {
	switch n := v.(type) {
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return true
	case float64:
		return n == math.Trunc(n)
	case float32:
		return float64(n) == math.Trunc(float64(n))
	}
	return false
}

// asMap accepts the map types YAML and JSON decoders produce.
func asMap(v any) (map[string]any, bool) {
	switch m := v.(type) {
	case map[string]any:
		return m, true
	case map[any]any:
		out := make(map[string]any, len(m))
		for k, val := range m {
			out[fmt.Sprint(k)] = val
		}
		return out, true
	}
	return nil, false
}

// asList accepts any slice.
func asList(v any) ([]any, bool) {
	if l, ok := v.([]any); ok {
		return l, true
	}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Kind() != reflect.Slice {
		return nil, false
	}
	out := make([]any, rv.Len())
	for i := range out {
		out[i] = rv.Index(i).Interface()
	}
	return out, true
}

// describe names the kind of a settings value for error messages.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "nothing"
	case string:
		return fmt.Sprintf("the string %q", v)
	case bool:
		return fmt.Sprintf("the boolean %v", v)
	}
	if _, ok := asMap(v); ok {
		return "a map"
	}
	if _, ok := asList(v); ok {
		return "a list"
	}
	return fmt.Sprintf("%T %v", v, v)
}
