package sleepnoctx

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// sleepFix rewrites `time.Sleep(d)` into a select on ctx.Done() and time.After(d)
// that returns the context's error, ctx being the context's spelling (ctx,
// req.Context(), s.ctx). It is offered only when the sleep is a statement of
// its own and the enclosing function's results can be written (an error
// last, zero values before it).
func sleepFix(p *lint.Pass, w *retryscope.Wait, ctx string, src sources) []analysis.SuggestedFix {
	if w.Duration == nil {
		return nil
	}
	path := code.TreeOf(p.TypesInfo).Enclosing(w.At)
	if len(path) < 2 {
		return nil
	}
	stmt, ok := path[1].(*ast.ExprStmt)
	if !ok {
		return nil
	}
	ret, ok := returnStmt(p, path, ctx)
	if !ok {
		return nil
	}
	sel, ok := ast.Unparen(w.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil // a dot-imported Sleep: leave it to the reader
	}
	timePkg := render(p.Fset, sel.X) // the file's name for package time
	indent := src.indentOf(p, stmt.Pos())
	dur := render(p.Fset, w.Duration)
	// A //retrylint:ignore trailing the sleep moves with the wait, onto the
	// timer's case: left after the closing brace it would cover nothing.
	end, directive := stmt.End(), ""
	if c := trailingDirective(p, stmt); c != nil {
		end, directive = c.End(), " "+c.Text
	}
	text := fmt.Sprintf("select {\n%[1]scase <-%[2]s.Done():\n%[1]s\t%[3]s\n%[1]scase <-%[5]s.After(%[4]s):%[6]s\n%[1]s}", indent, ctx, ret, dur, timePkg, directive)
	return []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("wait in a select on %s.Done() and time.After", ctx),
		TextEdits: []analysis.TextEdit{{Pos: stmt.Pos(), End: end, NewText: []byte(text)}},
	}}
}

// trailingDirective returns the //retrylint:ignore comment that follows stmt
// on its last line, if any.
func trailingDirective(p *lint.Pass, stmt ast.Stmt) *ast.Comment {
	f := fileOf(p, stmt.End())
	if f == nil {
		return nil
	}
	line := p.Fset.Position(stmt.End()).Line
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if c.Pos() >= stmt.End() && p.Fset.Position(c.Pos()).Line == line &&
				strings.HasPrefix(c.Text, "//retrylint:ignore") {
				return c
			}
		}
	}
	return nil
}

func fileOf(p *lint.Pass, pos token.Pos) *ast.File {
	for _, f := range p.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// returnStmt writes the return statement for a cancelled wait in the innermost
// function of path.
func returnStmt(p *lint.Pass, path []ast.Node, ctx string) (string, bool) {
	var sig *types.Signature
	for _, n := range path {
		switch n := n.(type) {
		case *ast.FuncLit:
			sig, _ = p.TypesInfo.TypeOf(n).(*types.Signature)
		case *ast.FuncDecl:
			if obj, ok := p.TypesInfo.Defs[n.Name].(*types.Func); ok {
				sig = obj.Type().(*types.Signature)
			}
		default:
			continue
		}
		break
	}
	if sig == nil {
		return "", false
	}
	res := sig.Results()
	if res.Len() == 0 {
		return "return", true
	}
	if !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return "", false
	}
	vals := make([]string, 0, res.Len())
	for i := 0; i < res.Len()-1; i++ {
		z, ok := zeroValue(res.At(i).Type())
		if !ok {
			return "", false
		}
		vals = append(vals, z)
	}
	vals = append(vals, ctx+".Err()")
	return "return " + strings.Join(vals, ", "), true
}

// zeroValue spells the zero value of types that need no import to spell.
func zeroValue(t types.Type) (string, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	}
	return "", false
}

// sources holds the files read for fixes, each read once per package: a file
// with many findings would otherwise be read (and scanned) once per finding.
type sources map[string][]byte

// indentOf returns the white space before pos on its line.
func (s sources) indentOf(p *lint.Pass, pos token.Pos) string {
	tf := p.Fset.File(pos)
	if tf == nil {
		return "\t"
	}
	src, ok := s[tf.Name()]
	if !ok {
		src, _ = p.ReadFile(tf.Name())
		s[tf.Name()] = src
	}
	start, end := tf.Offset(tf.LineStart(tf.Line(pos))), tf.Offset(pos)
	if end > len(src) || start > end {
		return "\t"
	}
	line := src[start:end]
	return string(line[:len(line)-len(bytes.TrimLeft(line, " \t"))])
}

func render(fset *token.FileSet, e ast.Expr) string {
	var b bytes.Buffer
	if err := format.Node(&b, fset, e); err != nil {
		return "0"
	}
	return b.String()
}
