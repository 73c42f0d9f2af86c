package code

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// Each byte of a string constant maps to the source that spells it, through
// escapes, raw strings (whose carriage returns Go drops), concatenations and
// named constants.
func TestSourceOf(t *testing.T) {
	src := "package p\n" +
		"const head = \"{\\\"a\\\": \\u00e9\"\n" +
		"const raw = `x\r\ny`\n" +
		"const all = head + raw + \"\\x41\"\n" +
		"var notConst = \"z\"\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	decls := map[types.Object]ast.Expr{}
	var allExpr ast.Expr
	for _, d := range f.Decls {
		for _, s := range d.(*ast.GenDecl).Specs {
			vs := s.(*ast.ValueSpec)
			decls[info.Defs[vs.Names[0]]] = vs.Values[0]
			if vs.Names[0].Name == "all" {
				allExpr = vs.Values[0]
			}
		}
	}
	decl := func(c *types.Const) ast.Expr { return decls[c] }
	s := SourceOf(fset, info, allExpr, decl)
	if s == nil {
		t.Fatal("SourceOf(all) = nil")
	}
	if want := "{\"a\": \u00e9x\nyA"; s.Value != want {
		t.Fatalf("value = %q, want %q", s.Value, want)
	}
	// Where each byte is spelled: the escape \" for the quote, both bytes of é
	// at \u00e9, the y after the dropped \r, the A at \x41.
	for i, want := range map[int]string{1: `\"`, 6: `\u00e9`, 7: `\u00e9`, 8: "x", 9: "\n", 10: "y", 11: `\x41`} {
		off := fset.Position(s.Pos(i)).Offset
		if got := src[off : off+len(want)]; got != want {
			t.Errorf("byte %d (%q) is spelled at %q, want %q", i, s.Value[i], got, want)
		}
	}
	if s.Pos(len(s.Value)) != token.NoPos {
		t.Error("Pos past the end is not NoPos")
	}
	// A variable is no constant; a constant out of reach has no source.
	for _, d := range f.Decls {
		vs := d.(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
		if vs.Names[0].Name == "notConst" && SourceOf(fset, info, vs.Names[0], decl) != nil {
			t.Error("SourceOf(variable) != nil")
		}
	}
	if SourceOf(fset, info, allExpr, nil) != nil {
		t.Error("SourceOf without declarations != nil")
	}
}
