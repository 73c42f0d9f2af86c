package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A bounded retry at the top of its function whose give-up ends the process
// (the statement after the loop is log.Fatal, os.Exit or panic, directly or
// under a test of the error) gates the process: the process cannot work
// without what the attempt gets, so it waits a bounded time for it and then
// dies. A permanent error costs one start the loop's bound before the
// process exits with it; nobody shares its schedule. It runs once per start,
// as a component's boot-time wait does (Region.StartsOnce). Decided on S2
// (start-up waits for a datastore or a client configuration that end in
// Fatal or panic).

// exitsWhenExhausted reports whether r is a loop outside request handlers
// and other loops (atStartUp) whose next statement ends the process, or
// tests something and then ends it.
func (res *Result) exitsWhenExhausted(r *Region) bool {
	if !res.atStartUp(r) {
		return false
	}
	next := res.stmtAfter(r.Loop)
	if ifs, ok := next.(*ast.IfStmt); ok && ifs.Init == nil && ifs.Else == nil {
		next = lastStmt(ifs.Body)
	}
	return res.endsProcess(next)
}

// stmtAfter returns the statement that follows s in its block, or nil.
func (res *Result) stmtAfter(s ast.Stmt) ast.Stmt {
	path := enclosingPath(res.files, s.Pos(), s.End())
	for i, n := range path {
		if n != s {
			continue
		}
		if i+1 < len(path) {
			if l, ok := path[i+1].(*ast.LabeledStmt); ok && l.Stmt == s {
				return res.stmtAfter(l)
			}
		}
		if i+1 >= len(path) {
			return nil
		}
		block, ok := path[i+1].(*ast.BlockStmt)
		if !ok {
			return nil
		}
		for k, t := range block.List {
			if t == s && k+1 < len(block.List) {
				return block.List[k+1]
			}
		}
		return nil
	}
	return nil
}

func lastStmt(b *ast.BlockStmt) ast.Stmt {
	if b == nil || len(b.List) == 0 {
		return nil
	}
	return b.List[len(b.List)-1]
}

// endsProcess reports whether s is a call that never returns, or a
// logger's Panic, which logs and panics (log, logrus, zap). The control-flow
// graph keeps a logger's Panic a call that returns: a panic there is a
// crash, not a way a loop's success leaves it.
func (res *Result) endsProcess(s ast.Stmt) bool {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	return ok && (NoReturn(res.info, call) || loggerPanic(res.info, call))
}

func loggerPanic(info *types.Info, call *ast.CallExpr) bool {
	fn := code.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Name() {
	case "Panic", "Panicf", "Panicln", "Panicw":
		return true
	}
	return false
}
