package code

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// ParamIndex returns the index of v among params, a function's parameters in
// order with nil for an unnamed one (so that the index is the call
// argument's), or -1; a nil v is none of them.
func ParamIndex(params []*types.Var, v *types.Var) int {
	if v == nil {
		return -1
	}
	return slices.Index(params, v)
}

// ParamOf returns the function (*ast.FuncDecl or *ast.FuncLit) whose
// parameter list declares v, and v's index among its parameters; nil and -1 for any other variable (a receiver, a result, a
// parameter of a func type, a local) or a function out of the syntax of the
// package whose type information info is (its Tree registered).
func ParamOf(info *types.Info, v *types.Var) (fn ast.Node, index int) {
	t := TreeOf(info)
	if t == nil || t.in == nil || v == nil || !v.Pos().IsValid() {
		return nil, -1
	}
	c, ok := t.in.Root().FindByPos(v.Pos(), v.Pos()+token.Pos(len(v.Name())))
	if !ok {
		return nil, -1
	}
	// The path up from a parameter's name: Field, FieldList, FuncType, and
	// the function.
	id, isID := c.Node().(*ast.Ident)
	if !isID || info.Defs[id] != v {
		return nil, -1
	}
	var path [4]ast.Node
	for i := range path {
		if c = c.Parent(); c.Node() == nil {
			return nil, -1 // the root
		}
		path[i] = c.Node()
	}
	list, _ := path[1].(*ast.FieldList)
	if typ, isType := path[2].(*ast.FuncType); !isType || list == nil || typ.Params != list {
		return nil, -1
	}
	switch path[3].(type) {
	case *ast.FuncDecl, *ast.FuncLit:
		return path[3], nameIndex(list, id)
	}
	return nil, -1
}

// nameIndex returns the index of name among the names of list (a list with
// a name has no field without one).
func nameIndex(list *ast.FieldList, name *ast.Ident) int {
	i := 0
	for _, field := range list.List {
		if k := slices.Index(field.Names, name); k >= 0 {
			return i + k
		}
		i += len(field.Names)
	}
	return -1
}
