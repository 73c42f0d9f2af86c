package retryscope

import (
	"go/types"
	"sync"

	"github.com/retrylint/retrylint/internal/rules"
)

// known memoizes the knowledge base's per-function lookups for one package. The
// engine asks about the callee of every call of the package, several times
// (wrapper inference runs to a fixed point), and an uncached question matches the
// function's full name against every entry of a list, printing the name once per
// entry; profiles of std put more than half of the engine's time there. A pass
// runs in one goroutine, so plain maps do.
type known struct {
	names map[*types.Func]string
	retry map[*types.Func]*rules.RetryHelper
	tx    map[*types.Func]*rules.TxHelper
	self  map[*types.Func]*rules.SelfRetrying
	wait  map[*types.Func]*rules.BackoffCall
}

// retryHelper is Knowledge.RetryHelper, memoized.
func (r *Result) retryHelper(fn *types.Func) *rules.RetryHelper {
	return memo(r, &r.known.retry, fn, unionsOf(r.Knowledge).retry, r.Knowledge.RetryHelper)
}

// backoffCall is Knowledge.BackoffCall, memoized.
func (r *Result) backoffCall(fn *types.Func) *rules.BackoffCall {
	return memo(r, &r.known.wait, fn, unionsOf(r.Knowledge).wait, r.Knowledge.BackoffCall)
}

// txHelper is Knowledge.TxHelper, memoized.
func (r *Result) txHelper(fn *types.Func) *rules.TxHelper {
	return memo(r, &r.known.tx, fn, unionsOf(r.Knowledge).tx, r.Knowledge.TxHelper)
}

// selfRetrying is Knowledge.SelfRetrying, memoized.
func (r *Result) selfRetrying(fn *types.Func) *rules.SelfRetrying {
	return memo(r, &r.known.self, fn, unionsOf(r.Knowledge).self, r.Knowledge.SelfRetrying)
}

// memo answers lookup(fn) from the cache m. A function that the union of the
// list's names does not match is in no entry of it: the answer is nil without
// asking entry by entry.
func memo[V any](r *Result, m *map[*types.Func]*V, fn *types.Func, union *rules.Matcher, lookup func(*types.Func) *V) *V {
	if fn == nil {
		return nil
	}
	fn = fn.Origin() // the knowledge base matches instantiations by their origin
	if v, ok := (*m)[fn]; ok {
		return v
	}
	if *m == nil {
		*m = make(map[*types.Func]*V)
	}
	var v *V
	if union.Match(r.fullName(fn)) {
		v = lookup(fn)
	}
	(*m)[fn] = v
	return v
}

// fullName is fn.FullName(), printed once per function.
func (r *Result) fullName(fn *types.Func) string {
	if s, ok := r.known.names[fn]; ok {
		return s
	}
	if r.known.names == nil {
		r.known.names = make(map[*types.Func]string)
	}
	s := fn.FullName()
	r.known.names[fn] = s
	return s
}

// unions holds one matcher per list of the knowledge base, built from all the
// list's names: it matches a name exactly when some entry of the list does.
type unions struct{ retry, tx, self, wait *rules.Matcher }

var unionCache sync.Map // *rules.Knowledge -> *unions (one per configuration)

func unionsOf(k *rules.Knowledge) *unions {
	if u, ok := unionCache.Load(k); ok {
		return u.(*unions)
	}
	u := &unions{}
	var names []string
	for _, h := range k.Knowledge.RetryHelpers {
		names = append(names, h.Func)
	}
	u.retry, names = rules.NewMatcher(names), nil
	for _, h := range k.Knowledge.TxHelpers {
		names = append(names, h.Func)
	}
	u.tx, names = rules.NewMatcher(names), nil
	for _, s := range k.Knowledge.SelfRetrying {
		names = append(names, s.Func)
	}
	u.self, names = rules.NewMatcher(names), nil
	for _, b := range k.Knowledge.BackoffCalls {
		names = append(names, b.Func)
	}
	u.wait = rules.NewMatcher(names)
	v, _ := unionCache.LoadOrStore(k, u)
	return v.(*unions)
}
