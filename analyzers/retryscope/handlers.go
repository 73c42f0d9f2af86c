package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// findHandlers fills res.Handlers: every function (declaration or literal) whose
// own body calls a checkpoint API of the knowledge base (commit, ack, delete of a
// consumed message). A checkpoint inside a nested function literal belongs to that
// literal, which is a handler of its own.
func findHandlers(pass *analysis.Pass, res *Result) {
	if res.Knowledge == nil {
		return
	}
	for _, fn := range res.funcs.list {
		if fn.body == nil {
			continue
		}
		var cps []*ast.CallExpr
		inspectBody(fn.body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && res.Knowledge.IsCheckpoint(code.Callee(pass.TypesInfo, call)) {
				cps = append(cps, call)
			}
			return true
		})
		if len(cps) > 0 {
			res.Handlers = append(res.Handlers, &Handler{Func: fn.node, Body: fn.body, Checkpoints: cps})
		}
	}
}

// NewCFG builds the control-flow graph of a function body the way the engine
// does: calls that never return (panic, os.Exit, log.Fatal*, t.Fatal*, ...) end
// their block, so that a failure path ending in one is not a fall-through.
func NewCFG(info *types.Info, body *ast.BlockStmt) *cfg.CFG {
	code.CountTree(body)
	return cfg.New(body, func(call *ast.CallExpr) bool { return mayReturn(info, call) })
}

// ErrorTest decides whether cond compares an error with nil (err != nil,
// nil == err, !(err == nil)). It returns the tested expression and whether the
// condition being true means failure.
func ErrorTest(info *types.Info, cond ast.Expr) (tested ast.Expr, failWhenTrue, ok bool) {
	tested, failWhenTrue, ok = simpleTest(info, ast.Unparen(cond))
	if !ok || !isErrorType(info.TypeOf(tested)) {
		return nil, false, false
	}
	return tested, failWhenTrue, true
}

// InspectBody walks a function body without entering nested function literals.
func InspectBody(body ast.Node, visit func(ast.Node) bool) { inspectBody(body, visit) }

// NoReturn reports whether a call never returns (panic, os.Exit, log.Fatal*,
// t.Fatal*, runtime.Goexit ...), as NewCFG assumes.
func NoReturn(info *types.Info, call *ast.CallExpr) bool { return !mayReturn(info, call) }
