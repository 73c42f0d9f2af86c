package retryscope

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Detached reports whether the wait at at runs in a goroutine (a function
// literal a go statement starts) whose context in scope is one nothing can
// cancel (ContextNeverEnds):
//
//	go func() {
//		ctx := withSession(context.Background(), s)
//		for i := 0; i < 60; i++ { time.Sleep(10 * time.Second); ... }
//	}()
//
// The goroutine outlives the code that started it and was cut off from that
// code's contexts on purpose: a context of the starter would end it early,
// and no other cancellation is in reach.
func (res *Result) Detached(r *Region, at ast.Node) bool {
	if res == nil || r == nil || at == nil || !res.ContextNeverEnds(r.Context) {
		return false
	}
	path := code.TreeOf(res.info).Enclosing(at)
	return res.goroutineScope(path) != nil
}
