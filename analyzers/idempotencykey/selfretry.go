package idempotencykey

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/internal/rules"
)

// retriesOff reports whether the client of a self-retrying call was configured
// not to retry (go-retryablehttp RetryMax: 0): every value the receiver
// variable's attempts field (from the knowledge base) is given is a constant
// meaning one attempt. A struct literal that leaves the field out gives it zero.
func (c *checker) retriesOff(call *ast.CallExpr, entry *rules.SelfRetrying) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || entry.AttemptsField == "" {
		return false
	}
	recv := code.Root(c.info, sel.X, code.ThroughUnary)
	if recv == nil {
		return false
	}
	var counts []int64
	for _, v := range c.fields[recv][entry.AttemptsField] {
		n, ok := code.Int(c.info, v)
		if !ok {
			return false
		}
		counts = append(counts, n)
	}
	for _, d := range c.defs(recv) {
		n, lit, known := c.literalField(d, entry.AttemptsField)
		if lit && !known {
			return false
		}
		if lit {
			counts = append(counts, n)
		}
	}
	for _, n := range counts {
		if !single(n, entry.FieldCounts) {
			return false
		}
	}
	return len(counts) > 0
}

// literalField returns the constant value of a field in a struct literal
// (&T{F: v}); zero when the literal leaves it out. lit is false when e is no
// struct literal, known false when the value is not a constant.
func (c *checker) literalField(e ast.Expr, field string) (n int64, lit, known bool) {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
		e = u.X
	}
	cl, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok || c.info.TypeOf(cl) == nil {
		return 0, false, false
	}
	if _, isStruct := code.Underlying(c.info, cl).(*types.Struct); !isStruct {
		return 0, false, false
	}
	for _, el := range cl.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				n, known := code.Int(c.info, kv.Value)
				return n, true, known
			}
		}
	}
	return 0, true, true
}

// single reports whether a count means one attempt only.
func single(n int64, counts string) bool {
	if counts == "attempts" {
		return n == 1
	}
	return n <= 0
}
