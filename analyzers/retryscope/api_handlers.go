package retryscope

import (
	"go/ast"
	"go/types"
	"reflect"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// HandlersAnalyzer finds a package's message handlers: every function
// (declaration or literal) whose own body calls a checkpoint API of the
// knowledge base (commit, ack, delete of a consumed message). A checkpoint
// inside a nested function literal belongs to that literal, which is a handler
// of its own. It is separate from the engine: checkpointorder needs handlers,
// not retry regions. The result is a []*Handler in source order.
var HandlersAnalyzer = &analysis.Analyzer{
	Name:       "retrylinthandlers",
	Doc:        "find message handlers: functions that checkpoint consumed messages",
	URL:        "https://github.com/retrylint/retrylint/tree/main/analyzers/retryscope",
	Requires:   []*analysis.Analyzer{inspect.Analyzer, ConfigAnalyzer},
	ResultType: reflect.TypeOf([]*Handler(nil)),
	Run:        runHandlers,
}

func runHandlers(pass *analysis.Pass) (result any, err error) {
	defer func() {
		if v := recover(); v != nil { // drivers do not recover: an error instead
			result, err = nil, Recovered("retrylinthandlers", pass, v)
		}
	}()
	k := pass.ResultOf[ConfigAnalyzer].(*Config).Knowledge
	if k == nil {
		return []*Handler(nil), nil
	}
	in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	var out []*Handler
	byFunc := make(map[ast.Node]*Handler)
	code.WithStack(in, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		call := n.(*ast.CallExpr)
		if !push || !k.IsCheckpoint(code.Callee(pass.TypesInfo, call)) {
			return true
		}
		fn, body := enclosingFunc(stack)
		if body == nil {
			return true
		}
		h := byFunc[fn]
		if h == nil {
			h = &Handler{Func: fn, Body: body}
			byFunc[fn] = h
			out = append(out, h)
		}
		h.Checkpoints = append(h.Checkpoints, call)
		return true
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].Func.Pos() < out[j].Func.Pos() })
	return out, nil
}

// enclosingFunc is the innermost function declaration or literal of a stack of
// enclosing nodes, and its body; nil outside functions.
func enclosingFunc(stack []ast.Node) (ast.Node, *ast.BlockStmt) {
	for i := len(stack) - 1; i >= 0; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncLit:
			return f, f.Body
		case *ast.FuncDecl:
			return f, f.Body
		}
	}
	return nil, nil
}

// NewCFG builds the control-flow graph of a function body the way the engine
// does: calls that never return (panic, os.Exit, log.Fatal*, t.Fatal*, ...) end
// their block, so that a failure path ending in one is not a fall-through.
func NewCFG(info *types.Info, body *ast.BlockStmt) *cfg.CFG {
	code.CountStmts(body)
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

// WalkBody walks the nodes of the given kinds in a function body, without
// entering nested function literals (walk.go).
func WalkBody(info *types.Info, body ast.Node, kinds []ast.Node, visit func(ast.Node) bool) {
	walkBody(info, body, kinds, visit)
}

// NoReturn reports whether a call never returns (panic, os.Exit, log.Fatal*,
// t.Fatal*, runtime.Goexit ...), as NewCFG assumes.
func NoReturn(info *types.Info, call *ast.CallExpr) bool { return !mayReturn(info, call) }
