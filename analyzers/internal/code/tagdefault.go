package code

import (
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"strconv"
	"time"
)

// defaultTagKeys are the struct tag keys configuration loaders fill a field
// from when the configuration leaves it out (`default:"3"`, `envDefault:"3"`).
var defaultTagKeys = []string{"default", "envDefault"}

// TagDefault returns the value a struct tag gives a numeric field as its
// default, for a read of that field (cfg.Attempts, a conversion of one:
// uint(cfg.Attempts)): a configuration loader fills the field with it unless
// the configuration says otherwise, so the code runs with it as written. A
// duration (time.Duration or a type defined on it) is read with
// time.ParseDuration, a count as a plain integer. A zero default, often the
// "not set" of the code that reads the field, and a field without such a tag
// give nothing, and so does an unexported field, which no loader can set.
// The tag is read from the field's struct type, imported or not.
func TagDefault(info *types.Info, e ast.Expr) (constant.Value, bool) {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, isType := info.Types[call.Fun]; isType && tv.IsType() && isNumber(tv.Type) {
			return TagDefault(info, call.Args[0])
		}
		return nil, false
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	tag, f := fieldTag(info, sel)
	if f == nil || !f.Exported() || !isNumber(f.Type()) {
		return nil, false
	}
	for _, key := range defaultTagKeys {
		if s, found := reflect.StructTag(tag).Lookup(key); found {
			return numberOf(f.Type(), s)
		}
	}
	return nil, false
}

// fieldTag returns the tag and the field a selector reads, through embedded
// fields too; no field, nil.
func fieldTag(info *types.Info, sel *ast.SelectorExpr) (string, *types.Var) {
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return "", nil
	}
	t := s.Recv()
	var tag string
	var f *types.Var
	for _, i := range s.Index() {
		if p, isPtr := t.Underlying().(*types.Pointer); isPtr {
			t = p.Elem()
		}
		st, isStruct := t.Underlying().(*types.Struct)
		if !isStruct || i >= st.NumFields() {
			return "", nil
		}
		f, tag = st.Field(i), st.Tag(i)
		t = f.Type()
	}
	return tag, f
}

func isNumber(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat) != 0
}

// numberOf parses a default for a field of type t: a duration for a type
// named Duration (time.Duration, or a configuration's own type over it), else
// a number; a zero or unparsable default gives nothing.
func numberOf(t types.Type, s string) (constant.Value, bool) {
	var v constant.Value
	if n, ok := t.(*types.Named); ok && n.Obj().Name() == "Duration" {
		d, err := time.ParseDuration(s)
		if err != nil {
			return nil, false
		}
		v = constant.MakeInt64(int64(d))
	} else if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		v = constant.MakeInt64(i)
	} else if f, err := strconv.ParseFloat(s, 64); err == nil {
		v = constant.MakeFloat64(f)
	} else {
		return nil, false
	}
	return v, constant.Sign(v) > 0
}
