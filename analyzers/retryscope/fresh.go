package retryscope

import (
	"go/ast"
	"go/types"
	"strings"
	"sync"
	"unicode"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Fresh says what new value a call returns each time it is made: the one
// definition of "a random or fresh value" that the engine (searches, jitter)
// and the rules (fixedsleep's candidates, idempotencykey's keys, txsideeffect's
// values) share.
type Fresh uint8

const (
	// FreshClock is a reading of the clock (time.Now), or of a counter source
	// of this package (fresh_counter.go): new on every call but ordered and
	// predictable, so it makes a new name or key, not a random candidate.
	FreshClock Fresh = 1 << iota
	// FreshRandom is a random draw: the standard library's random sources
	// (math/rand, math/rand/v2, crypto/rand), the knowledge base's
	// nondeterministic calls (uuid, ksuid, xid generators), or a function whose
	// name says it draws (a word starting with "rand", or "jitter":
	// randomName, RandString, addJitter).
	FreshRandom
)

// Random reports whether the value is drawn from a random source.
func (f Fresh) Random() bool { return f&FreshRandom != 0 }

// randomSources are the standard library's packages whose every function and
// method draws a random value.
var randomSources = map[string]bool{"math/rand": true, "math/rand/v2": true, "crypto/rand": true}

// FreshFunc says what fresh value fn itself returns, without looking into its
// body.
func (r *Result) FreshFunc(fn *types.Func) Fresh {
	switch {
	case fn == nil:
		return 0
	case fn.FullName() == "time.Now":
		return FreshClock
	case fn.Pkg() != nil && randomSources[fn.Pkg().Path()],
		r.Knowledge != nil && r.Knowledge.IsNondeterministic(fn),
		namedRandom(fn.Name()):
		return FreshRandom
	}
	return 0
}

// FreshCall says what fresh value a call returns: its callee's own
// (FreshFunc), or, one level deep, what the calls in the body of a function of
// this package that returns a value draw (func name() string { return "tmp" +
// strconv.Itoa(rand.Int()) }).
func (r *Result) FreshCall(call *ast.CallExpr) Fresh {
	if r.info == nil {
		return 0
	}
	fn := code.Callee(r.info, call)
	if f := r.FreshFunc(fn); f != 0 || fn == nil {
		return f
	}
	return r.fresh.of(fn.Origin(), func() Fresh { return r.freshBody(fn) })
}

// freshBody is what the calls in the body of a function of this package that
// returns a value draw, and a clock-like value when it is a counter source.
func (r *Result) freshBody(fn *types.Func) Fresh {
	node := r.funcs.byObj[fn.Origin()]
	if node == nil || node.body == nil || !returnsValue(fn) {
		return 0
	}
	var f Fresh
	if r.advancesCounter(node.body) {
		f = FreshClock
	}
	walkBody(r.info, node.body, callKinds, func(n ast.Node) bool {
		f |= r.FreshFunc(code.Callee(r.info, n.(*ast.CallExpr)))
		return f != FreshClock|FreshRandom
	})
	return f
}

// FreshIn says what fresh values the calls of an expression return
// (FreshCall), function literals aside.
func (r *Result) FreshIn(e ast.Node) Fresh {
	var f Fresh
	if e == nil || r.info == nil {
		return 0
	}
	code.TreeOf(r.info).Inspect(e, []ast.Node{funcLit, (*ast.CallExpr)(nil)}, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			f |= r.FreshCall(call)
			return f != FreshClock|FreshRandom
		}
		return n == e
	})
	return f
}

// namedRandom reports whether a function's name says it draws: a word of it
// starts with "rand" (Rand, randomName, RandString), or it mentions jitter.
// Brand or Operand are no such words.
func namedRandom(name string) bool {
	lower := strings.ToLower(name)
	if strings.Contains(lower, "jitter") {
		return true
	}
	for i := strings.Index(lower, "rand"); i >= 0; {
		if i == 0 || unicode.IsUpper(rune(name[i])) || name[i-1] == '_' {
			return true
		}
		j := strings.Index(lower[i+1:], "rand")
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// freshMemo memoizes the one-level answers of FreshCall. The rules ask after
// the engine has run, possibly in parallel: it is locked.
type freshMemo struct {
	mu sync.Mutex
	m  map[*types.Func]Fresh
}

func (m *freshMemo) of(fn *types.Func, compute func() Fresh) Fresh {
	m.mu.Lock()
	f, ok := m.m[fn]
	m.mu.Unlock()
	if ok {
		return f
	}
	f = compute()
	m.mu.Lock()
	if m.m == nil {
		m.m = make(map[*types.Func]Fresh)
	}
	m.m[fn] = f
	m.mu.Unlock()
	return f
}

// returnsValue reports whether fn returns something besides an error.
func returnsValue(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return false
	}
	for i := 0; i < sig.Results().Len(); i++ {
		if !isErrorType(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
}
