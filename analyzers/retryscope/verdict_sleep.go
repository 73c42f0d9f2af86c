package retryscope

import (
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// sleepParam returns 1 + the index of the duration parameter every wait of a
// verdict wrapper's loop sleeps, unchanged, with nothing but its timer to end
// it (time.Sleep(interval), a lone timer), when the wrapper is a plain
// function that takes no context and no channel: a cancellation of its caller
// cannot reach the wait, and each caller picks how long it lasts. 0 otherwise
// (a method may watch a context its receiver holds).
func (f *flow) sleepParam(l *loop) int {
	if f.fn.obj == nil || f.fn.obj.Signature().Recv() != nil {
		return 0
	}
	params := f.fn.params(f.info)
	for _, p := range params {
		if p != nil && (IsContext(p.Type()) || isChan(p.Type())) {
			return 0
		}
	}
	found := -1
	for _, w := range f.waits(l) {
		if w.Cancellable || w.Duration == nil {
			return 0
		}
		i := code.ParamIndex(params, code.VarOf(f.info, w.Duration))
		if i < 0 || found >= 0 && i != found {
			return 0
		}
		found = i
	}
	return found + 1
}

func isChan(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Chan)
	return ok
}
