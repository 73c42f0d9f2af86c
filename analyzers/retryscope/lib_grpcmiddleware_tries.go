package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// linearTries returns the ceiling on the attempts and waits of retry options
// whose count and linear wait are constants: WithMax(n) makes n attempts and
// waits before each but the first, BackoffLinear(d) d each time,
// BackoffLinearWithJitter(d, f) at most d*(1+f). Any other strategy, or a
// number out of reach, leaves the tries open (the zero Tries).
func (o *retryOptions) linearTries(c *configCall) Tries {
	call, ok := o.cr.Policy.WaitAt.(*ast.CallExpr)
	if o.off || o.max < 2 || !ok || len(call.Args) == 0 {
		return Tries{}
	}
	info := c.pass.TypesInfo
	fn := code.Callee(info, call)
	d := code.Const(info, call.Args[0], nil)
	if fn == nil || d == nil {
		return Tries{}
	}
	each := constant.ToFloat(d)
	switch fn.Name() {
	case "BackoffLinear":
	case "BackoffLinearWithJitter":
		f := jitterBand(info, call)
		if f == nil {
			return Tries{}
		}
		each = constant.BinaryOp(each, token.MUL, f)
	default:
		return Tries{}
	}
	total, _ := constant.Float64Val(constant.BinaryOp(each, token.MUL, constant.MakeInt64(int64(o.max-1))))
	if total < 0 || total > float64(1<<62) {
		return Tries{}
	}
	return Tries{Attempts: o.max, Wait: time.Duration(total)}
}

// jitterBand returns 1+|f| for a strategy's constant jitter fraction f (its
// second argument): the wait stays within d*(1±f). Nil when f is out of reach.
func jitterBand(info *types.Info, call *ast.CallExpr) constant.Value {
	if len(call.Args) < 2 {
		return nil
	}
	f := code.Const(info, call.Args[1], nil)
	if f == nil {
		return nil
	}
	if constant.Sign(f) < 0 {
		f = constant.UnaryOp(token.SUB, f, 0)
	}
	return constant.BinaryOp(constant.MakeInt64(1), token.ADD, constant.ToFloat(f))
}
