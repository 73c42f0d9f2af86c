package fixedsleep

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// A retry wait written as a bare number is nanoseconds.
//
// A time.Duration counts nanoseconds, so a retry setting given an untyped
// number with no unit (RetryOptions{RetryDelay: 100}, BackoffLinear(50),
// time.Duration(100)) waits 100 ns: the retries come back to back, a hot retry
// written as a configuration. Below one microsecond no retry wait is meant, so
// the value is a unit left out, not a choice. Zero stays quiet (libraries read
// it as "use the default"); so does a value that mentions a unit, directly or
// through a constant of this package; a constant of another package is out of
// reach. The unit meant (ms or s) is not certain, so no fix is offered.

// nsWaitBelow is the bound under which a retry wait cannot be meant: 1 µs.
const nsWaitBelow = 1000

// checkClientSettings checks the clients' retry configurations: the engine's
// reading of known libraries (checkClientRetries), then the retry waits any
// setting gives as a bare number.
func checkClientSettings(p *lint.Pass, seen lint.Seen) {
	checkClientRetries(p, seen)
	checkBareDelays(p)
}

// checkBareDelays reports retry waits set from a bare number below 1 µs: a
// field of a struct literal or an assignment, or an argument of a call.
func checkBareDelays(p *lint.Pass) {
	d := &bareDelays{p: p}
	kinds := []ast.Node{(*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)}
	for _, f := range p.Files {
		code.TreeOf(p.TypesInfo).Inspect(f, kinds, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CompositeLit:
				d.literal(x)
			case *ast.AssignStmt:
				d.assign(x)
			case *ast.CallExpr:
				d.call(x)
			}
			return true
		})
	}
}

type bareDelays struct {
	p *lint.Pass
	// scaled holds the objects the package multiplies (cfg.Delay *
	// time.Millisecond): a Duration its own code reads as a count of units.
	scaled map[types.Object]bool
}

func (d *bareDelays) literal(lit *ast.CompositeLit) {
	owner := code.NamedOf(d.p.TypesInfo.TypeOf(lit))
	if owner == nil {
		return
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, isID := kv.Key.(*ast.Ident); isID {
			d.field(d.p.TypesInfo.Uses[key], owner.Obj(), kv.Value)
		}
	}
}

func (d *bareDelays) assign(as *ast.AssignStmt) {
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, lhs := range as.Lhs {
		if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok {
			if owner := code.FieldOwner(d.p.TypesInfo, sel); owner != nil {
				d.field(d.p.TypesInfo.Uses[sel.Sel], owner, as.Rhs[i])
			}
		}
	}
}

// field checks value, set to a field of the struct type owner.
func (d *bareDelays) field(obj types.Object, owner *types.TypeName, value ast.Expr) {
	f, ok := obj.(*types.Var)
	if !ok || !f.IsField() || !retryWait(f.Name(), owner.Name(), pkgPath(owner)) {
		return
	}
	d.report(f, value, "%s: %s")
}

func (d *bareDelays) call(call *ast.CallExpr) {
	fn := code.NamedFunc(d.p.TypesInfo, call.Fun)
	sig, _ := d.p.TypesInfo.TypeOf(call.Fun).(*types.Signature)
	if fn == nil || sig == nil || call.Ellipsis.IsValid() {
		return
	}
	for i, arg := range call.Args {
		if i >= sig.Params().Len() || sig.Variadic() && i >= sig.Params().Len()-1 {
			return
		}
		param := sig.Params().At(i)
		if retryWait(param.Name()+" "+fn.Name(), recvName(fn), pkgPath(fn)) {
			d.report(param, arg, "the %s argument %s")
		}
	}
}

// report reports value, given to target, when it is a bare number of
// nanoseconds below 1 µs and the package does not scale target itself.
func (d *bareDelays) report(target *types.Var, value ast.Expr, what string) {
	if !code.IsNamed(target.Type(), "time", "Duration") {
		return
	}
	ns, ok := d.bareNanoseconds(value)
	if !ok || d.scaledInPackage(target) {
		return
	}
	d.p.Reportf(value, what+" is %dns, not %dms: the retries come back to back; write %d * time.Millisecond (or the unit meant)",
		target.Name(), types.ExprString(value), ns, ns, ns)
}

// bareNanoseconds returns the value of e, a constant between 1 and 999
// nanoseconds that mentions no unit.
func (d *bareDelays) bareNanoseconds(e ast.Expr) (int64, bool) {
	tv, ok := d.p.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	ns, exact := constant.Int64Val(tv.Value)
	if !exact || ns <= 0 || ns >= nsWaitBelow || d.mentionsUnit(e, 0) {
		return 0, false
	}
	return ns, true
}

// mentionsUnit reports whether e refers to a constant of package time, or to
// a constant out of reach (another package's, or one whose value this package
// does not spell out), or to a constant of this package whose declaration
// does.
func (d *bareDelays) mentionsUnit(e ast.Expr, depth int) bool {
	unit := false
	code.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || unit {
			return !unit
		}
		k, isConst := d.p.TypesInfo.Uses[id].(*types.Const)
		if !isConst || k.Pkg() == nil {
			return true // true, false, iota
		}
		if k.Pkg() != d.p.Pkg || depth > 4 {
			unit = true
			return false
		}
		decl := code.ConstDecl(d.p.TypesInfo, d.p.Files, k)
		unit = decl == nil || d.mentionsUnit(decl, depth+1)
		return !unit
	})
	return unit
}

// scaledInPackage reports whether the package multiplies v (cfg.Delay *
// time.Millisecond, time.Duration(delay) * time.Second): its own code reads
// the Duration as a count of some unit, and a bare number is that count.
func (d *bareDelays) scaledInPackage(v *types.Var) bool {
	if v.Pkg() != d.p.Pkg {
		return false
	}
	if d.scaled == nil {
		d.scaled = map[types.Object]bool{}
		for _, f := range d.p.Files {
			code.TreeOf(d.p.TypesInfo).Inspect(f, []ast.Node{(*ast.BinaryExpr)(nil)}, func(n ast.Node) bool {
				if b := n.(*ast.BinaryExpr); b.Op == token.MUL {
					d.markScaled(b.X)
					d.markScaled(b.Y)
				}
				return true
			})
		}
	}
	return d.scaled[v]
}

func (d *bareDelays) markScaled(e ast.Expr) {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 && d.p.TypesInfo.Types[call.Fun].IsType() {
		e = call.Args[0]
	}
	if id := code.NameIdent(e); id != nil {
		if obj := d.p.TypesInfo.Uses[id]; obj != nil {
			d.scaled[obj] = true
		}
	}
}

// retryWait reports whether a Duration configures the wait of a retry: its
// context (a field's name, or a parameter's name and its function's) says a
// wait (delay, backoff, interval, ...) and not a bound on an attempt (a
// timeout, a deadline), and the context, the owner (the struct type or the
// method's receiver type) or the package says retry or backoff.
func retryWait(context, owner, pkg string) bool {
	if code.NameSays(context, "timeout", "deadline", "ttl") || !code.NameSays(context, "delay", "backoff", "wait", "interval", "sleep", "retry", "pause") {
		return false
	}
	return code.NameSays(context+" "+owner+" "+pkg, "retr", "backoff")
}

func pkgPath(obj types.Object) string {
	if obj.Pkg() == nil {
		return ""
	}
	return obj.Pkg().Path()
}

// recvName is the name of a method's receiver type; "" for a function.
func recvName(fn *types.Func) string {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return ""
	}
	if n := code.NamedOf(sig.Recv().Type()); n != nil {
		return n.Obj().Name()
	}
	return ""
}
