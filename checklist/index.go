package checklist

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"
)

// fileIndex knows a changed file's top-level declarations, to tell which
// function a position belongs to and whether that function changed.
type fileIndex struct {
	rel     string
	changed []LineRange
	decls   []declSpan
}

type declSpan struct {
	name     string
	from, to int
	fn       bool
}

// place is a resolved position range.
type place struct {
	file      *fileIndex
	line, col int
	endLine   int
	function  string
	inScope   bool
}

// indexPackage indexes the package's files that the diff changed; the
// others cannot hold anything in scope.
func indexPackage(sc *scope, p *packages.Package) map[string]*fileIndex {
	idx := make(map[string]*fileIndex)
	for _, f := range p.Syntax {
		name := p.Fset.File(f.Pos()).Name()
		lines, ok := sc.changed[name]
		if !ok {
			continue
		}
		fi := &fileIndex{rel: sc.rel(name), changed: lines}
		for _, d := range f.Decls {
			fi.decls = append(fi.decls, spanOf(p.Fset, d))
		}
		idx[name] = fi
	}
	return idx
}

// spanOf covers a declaration with its doc comment: a //retrylint:ignore
// there changes what the function reports.
func spanOf(fset *token.FileSet, d ast.Decl) declSpan {
	start := d.Pos()
	var name string
	fn := false
	switch d := d.(type) {
	case *ast.FuncDecl:
		fn = true
		name = funcName(d)
		if d.Doc != nil {
			start = d.Doc.Pos()
		}
	case *ast.GenDecl:
		if d.Doc != nil {
			start = d.Doc.Pos()
		}
	}
	return declSpan{name: name, from: fset.Position(start).Line, to: fset.Position(d.End()).Line, fn: fn}
}

// funcName prints a function as "F" or a method as "(T).M" / "(*T).M".
func funcName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	return "(" + types.ExprString(recvType(d.Recv.List[0].Type)) + ")." + d.Name.Name
}

// recvType drops type parameters: (*List[T]).Push reads as (*List).Push.
func recvType(e ast.Expr) ast.Expr {
	switch t := e.(type) {
	case *ast.StarExpr:
		return &ast.StarExpr{X: recvType(t.X)}
	case *ast.IndexExpr:
		return t.X
	case *ast.IndexListExpr:
		return t.X
	case *ast.ParenExpr:
		return recvType(t.X)
	}
	return e
}

// locate resolves [pos, end] and decides whether it is in scope: its
// enclosing top-level function intersects a changed line, or, outside any
// function, the range itself does.
func locate(fset *token.FileSet, idx map[string]*fileIndex, pos, end token.Pos) (place, bool) {
	if !pos.IsValid() {
		return place{}, false
	}
	p := fset.Position(pos)
	fi := idx[p.Filename]
	if fi == nil {
		return place{}, false
	}
	endLine := p.Line
	if end.IsValid() {
		endLine = max(fset.Position(end).Line, p.Line)
	}
	pl := place{file: fi, line: p.Line, col: p.Column, endLine: endLine}
	from, to := p.Line, endLine
	for _, d := range fi.decls {
		if d.from <= p.Line && p.Line <= d.to && d.fn {
			from, to, pl.function = d.from, d.to, d.name
			break
		}
	}
	pl.inScope = intersects(fi.changed, from, to)
	return pl, true
}

func intersects(rs []LineRange, from, to int) bool {
	for _, r := range rs {
		if r.From <= to && from <= r.To {
			return true
		}
	}
	return false
}
