package checkpointorder

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// kafka-go's Reader commits the offset of a message inside ReadMessage when the
// reader belongs to a consumer group: before the caller has processed it.
const (
	kafkaGoPath      = "github.com/segmentio/kafka-go"
	kafkaReadMessage = "(*github.com/segmentio/kafka-go.Reader).ReadMessage"
	kafkaNewReader   = "github.com/segmentio/kafka-go.NewReader"
	kafkaGroupID     = "GroupID"
)

// autoCommitReads reports ReadMessage calls on kafka-go readers whose config,
// traced through variables, fields and struct literals of the package, sets a
// GroupID.
func (c *checker) autoCommitReads() {
	if !importsKafkaGo(c.p.Pkg) {
		return
	}
	var calls []*ast.CallExpr
	ins := c.p.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	code.Preorder(ins, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		if fn := code.Callee(c.info, call); fn != nil && fn.Origin().FullName() == kafkaReadMessage {
			calls = append(calls, call)
		}
	})
	if len(calls) == 0 {
		return
	}
	defs := packageDefs(c.info, c.p.Files)
	for _, call := range calls {
		recv := receiver(c.info, call)
		if recv == nil || !c.readerHasGroup(recv, defs, 0) {
			continue
		}
		c.p.Reportf(call, "%s reads from a kafka-go Reader with a GroupID, which commits the offset before the message is processed: "+
			"a processing failure loses the record; use FetchMessage and CommitMessages after processing (or after a checked dead-letter write)",
			callName(call))
	}
}

// importsKafkaGo reports whether the package imports kafka-go (directly: a
// ReadMessage call on a reader built elsewhere is not reported anyway).
func importsKafkaGo(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if strings.HasPrefix(imp.Path(), kafkaGoPath) {
			return true
		}
	}
	return false
}

// readerHasGroup reports whether every construction of the reader that the
// package shows is kafka.NewReader with a GroupID (and there is at least one).
func (c *checker) readerHasGroup(e ast.Expr, defs map[types.Object][]ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.UnaryExpr:
		return c.readerHasGroup(x.X, defs, depth+1)
	case *ast.StarExpr:
		return c.readerHasGroup(x.X, defs, depth+1)
	case *ast.CallExpr:
		fn := code.Callee(c.info, x)
		if fn == nil || fn.FullName() != kafkaNewReader || len(x.Args) != 1 {
			return false
		}
		return c.configHasGroup(x.Args[0], defs, 0)
	}
	obj := code.Assigned(c.info, e)
	if obj == nil || len(defs[obj]) == 0 {
		return false
	}
	for _, d := range defs[obj] {
		if !c.readerHasGroup(d, defs, depth+1) {
			return false
		}
	}
	return true
}

// configHasGroup reports whether a kafka.ReaderConfig value sets GroupID to
// something other than "": in its literal, or by a later field assignment.
func (c *checker) configHasGroup(e ast.Expr, defs map[types.Object][]ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = u.X
	}
	if lit, ok := e.(*ast.CompositeLit); ok {
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == kafkaGroupID {
					return !isEmptyString(c.info, kv.Value)
				}
			}
		}
		return false
	}
	obj := code.Assigned(c.info, e)
	if obj == nil {
		return false
	}
	if c.assignsGroup(obj) {
		return true
	}
	any := false
	for _, d := range defs[obj] {
		if !c.configHasGroup(d, defs, depth+1) {
			return false
		}
		any = true
	}
	return any
}

// assignsGroup reports whether the package assigns a non-empty GroupID to the
// config variable (cfg.GroupID = "g").
func (c *checker) assignsGroup(obj types.Object) bool {
	found := false
	for _, f := range c.p.Files {
		code.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || found {
				return !found
			}
			for i, l := range as.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if ok && sel.Sel.Name == kafkaGroupID && code.Assigned(c.info, sel.X) == obj && i < len(as.Rhs) && !isEmptyString(c.info, as.Rhs[i]) {
					found = true
				}
			}
			return true
		})
	}
	return found
}

func isEmptyString(info *types.Info, e ast.Expr) bool {
	s, ok := code.String(info, e)
	return ok && s == ""
}

// packageDefs maps variables and struct fields to the expressions the package
// assigns to them: assignments, var declarations, and keyed struct literals.
// Not the package's def index alone: a field's value given in a struct literal
// counts here, and only one-to-one assignments do.
func packageDefs(info *types.Info, files []*ast.File) map[types.Object][]ast.Expr {
	defs := make(map[types.Object][]ast.Expr)
	add := func(lhs, rhs ast.Expr) {
		if rhs == nil {
			return
		}
		if obj := code.Assigned(info, lhs); obj != nil {
			defs[obj] = append(defs[obj], rhs)
		}
	}
	for _, f := range files {
		code.TreeOf(info).Inspect(f, []ast.Node{(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.KeyValueExpr)(nil)}, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, l := range n.Lhs {
						add(l, n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i, name := range n.Names {
						add(name, n.Values[i])
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok && v.IsField() {
						defs[v] = append(defs[v], n.Value)
					}
				}
			}
			return true
		})
	}
	return defs
}
