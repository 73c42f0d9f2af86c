package retryscope

import (
	"go/types"
)

// An interface method that takes nothing and hands back plain data with no
// error (Key() []byte, TTL() int64, Name() string) reads the value it is
// called on. A call that reaches another system can fail, and such a method
// has no way to say so; code that does I/O behind a getter and swallows the
// failure is not how Go interfaces are written. So a call of it is judged
// local, like an in-process interface's (remote_facts.go): an entry's
// accessors called on the way to a size check no longer make a write into an
// in-memory table look remote. A result that may stand for a probe's answer
// (a bool: Healthy(), Ready()), or that hands out something to call or wait
// on (an interface, a func, a channel, a pointer), keeps the call out of
// reach. The data are plainData's (loop_fresh.go).
func isAccessor(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Params().Len() > 0 || sig.Variadic() || sig.Results().Len() == 0 {
		return false
	}
	for v := range sig.Results().Variables() {
		if !plainData(v.Type()) {
			return false
		}
	}
	return true
}
