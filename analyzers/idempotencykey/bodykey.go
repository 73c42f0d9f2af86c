package idempotencykey

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A POST whose JSON body carries the key of the record it writes — a field
// or map key named for the record's own key (key, id, alias, dedup_key,
// idempotency_key, ...) — names that record: the server stores by the key,
// so a repeat replaces the record or is refused as a duplicate; it is not
// applied twice. The key must be the same on every attempt: one made anew
// inside the retry (uuid.New, time.Now) names a new record each time, and the
// finding stays. A name that refers to another record (order_id, charge_id:
// a refund of a charge) is no key of the record written, nor is the id of a
// call envelope that names a method (a JSON-RPC request's id names the call),
// nor a "key" whose value is named a credential (an API key sent in the body).

// recordKeyNames are the names (lower case, without _ and -) that alone say
// "this record's key".
var recordKeyNames = map[string]bool{"key": true, "id": true, "alias": true}

// dedupWords say, anywhere in a name, that it is the key a repeat is known by.
var dedupWords = []string{"dedup", "idempoten"}

// credentialWords say a value is a credential, not a record's key.
var credentialWords = []string{"secret", "token", "password", "apikey", "credential"}

func isRecordKeyName(name string) bool {
	n := normalName(name)
	return recordKeyNames[n] || code.NameSays(n, dedupWords...)
}

func normalName(name string) string {
	return strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(name))
}

// recordKey returns the key value of a field or map key named name, or
// false when the name is no record key or the value is named a credential.
func recordKey(name string, value ast.Expr, fr *frame) (keyValue, bool) {
	if !isRecordKeyName(name) {
		return keyValue{}, false
	}
	if id := code.NameIdent(value); id != nil && code.NameSays(normalName(id.Name), credentialWords...) {
		return keyValue{}, false
	}
	return keyValue{value, fr}, true
}

// keyValue is the value a body gives its record key, in the frame it is
// evaluated in.
type keyValue struct {
	value ast.Expr
	fr    *frame
}

// keyedBody reports whether every builder of the request gives it a body
// that carries a record key which stays the same on every attempt.
func (c *checker) keyedBody(r *request) bool {
	for _, t := range r.targets {
		keys := c.bodyKeys(t.body, t.fr, 0)
		if len(keys) == 0 {
			return false
		}
		for _, k := range keys {
			if c.fresh(k.value, k.fr, 0) != nil {
				return false
			}
		}
	}
	return len(r.targets) > 0
}

// bodyKeys follows a body to the value it encodes (through readers and
// buffers, json.Marshal, a json.Encoder writing a buffer, variables and
// followed functions' parameters) and returns the values given its record
// key fields; nil when one of its sources carries none.
func (c *checker) bodyKeys(e ast.Expr, fr *frame, depth int) []keyValue {
	if e == nil || fr == nil || depth > 8 {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := c.info.Uses[x].(*types.Var)
		if v == nil || v.IsField() {
			return nil
		}
		if arg, ok := fr.params[v]; ok {
			return c.bodyKeys(arg, fr.parent, depth+1)
		}
		return c.varKeys(v, fr, depth)
	case *ast.UnaryExpr:
		return c.bodyKeys(x.X, fr, depth+1)
	case *ast.CompositeLit:
		return c.literalKeys(x, fr)
	case *ast.CallExpr:
		if inner := retryscope.BodyOf(c.info, x); inner != nil {
			return c.bodyKeys(inner, fr, depth+1)
		}
		if fn := code.Callee(c.info, x); fn != nil && len(x.Args) > 0 &&
			(fn.FullName() == "encoding/json.Marshal" || fn.FullName() == "encoding/json.MarshalIndent") {
			return c.bodyKeys(x.Args[0], fr, depth+1)
		}
	}
	return nil
}

// varKeys reads every source of a variable: the values assigned to it (an
// empty buffer adds none), what a json.Encoder writes into it, and the record
// key fields set on it (v.Key = k). Every value must carry a key.
func (c *checker) varKeys(v *types.Var, fr *frame, depth int) []keyValue {
	var keys []keyValue
	searched := make(map[ast.Node]bool)
	for _, d := range code.DefsOf(c.info, v) {
		switch {
		case !d.ByName():
		case d.Value == nil:
			if d.Op != token.VAR {
				return nil
			}
		case c.emptyBuffer(d.Value):
		default:
			k := c.bodyKeys(d.Value, fr, depth+1)
			if len(k) == 0 {
				return nil
			}
			keys = append(keys, k...)
		}
		if d.Func != nil && !searched[d.Func] {
			searched[d.Func] = true
			for _, w := range c.encodedInto(d.Func, v) {
				k := c.bodyKeys(w, fr, depth+1)
				if len(k) == 0 {
					return nil
				}
				keys = append(keys, k...)
			}
		}
	}
	st := structOf(v.Type())
	for name, vals := range c.fields[v] {
		if st == nil {
			break
		}
		for _, val := range vals {
			if k, ok := recordKey(jsonName(st, name), val, fr); ok {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// literalKeys returns the record key values of a struct or map literal with
// string keys; nil for a literal that names a method (a call envelope).
func (c *checker) literalKeys(lit *ast.CompositeLit, fr *frame) []keyValue {
	st := structOf(c.info.TypeOf(lit))
	var keys []keyValue
	for _, el := range lit.Elts {
		name := ""
		if f := code.ElementField(c.info, lit, el); f != nil && st != nil {
			name = jsonName(st, f.Name())
		} else if kv, ok := el.(*ast.KeyValueExpr); ok {
			name, _ = code.String(c.info, kv.Key)
		}
		if strings.EqualFold(name, "method") {
			return nil
		}
		if k, ok := recordKey(name, elementValue(el), fr); ok {
			keys = append(keys, k)
		}
	}
	return keys
}

func elementValue(el ast.Expr) ast.Expr {
	if kv, ok := el.(*ast.KeyValueExpr); ok {
		return kv.Value
	}
	return el
}

// encodedInto returns the values fn encodes into buffer v with
// json.NewEncoder(v).Encode(x).
func (c *checker) encodedInto(fn ast.Node, v *types.Var) []ast.Expr {
	var out []ast.Expr
	code.TreeOf(c.info).Inspect(fn, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		call := n.(*ast.CallExpr)
		f := code.Callee(c.info, call)
		if f == nil || f.FullName() != "(*encoding/json.Encoder).Encode" || len(call.Args) != 1 {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		enc, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok || len(enc.Args) != 1 {
			return true
		}
		if g := code.Callee(c.info, enc); g != nil && g.FullName() == "encoding/json.NewEncoder" &&
			code.Root(c.info, enc.Args[0], code.ThroughUnary) == types.Object(v) {
			out = append(out, call.Args[0])
		}
		return true
	})
	return out
}

// emptyBuffer reports whether e makes an empty bytes.Buffer to write into.
func (c *checker) emptyBuffer(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		return code.IsNamed(code.NewOf(c.info, x), "bytes", "Buffer")
	case *ast.CompositeLit:
		return len(x.Elts) == 0 && code.IsNamed(c.info.TypeOf(x), "bytes", "Buffer")
	}
	return false
}

// structOf is the struct type of t or of what t points to; nil otherwise.
func structOf(t types.Type) *types.Struct {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// jsonName is the name field has in the JSON encoding of st: its json tag's
// name, else the field's name; "" for a field the encoding leaves out.
func jsonName(st *types.Struct, field string) string {
	for i := range st.NumFields() {
		if st.Field(i).Name() != field {
			continue
		}
		tag, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ",")
		switch tag {
		case "-":
			return ""
		case "":
			return field
		}
		return tag
	}
	return ""
}
