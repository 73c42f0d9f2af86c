package code

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"unicode/utf8"
)

// StringSource is the value of a string constant with, for each of its bytes,
// the source position that spells it: findings about a part of a string (a key
// of a JSON document) can then point inside the literal rather than at it.
type StringSource struct {
	Value string
	pos   []token.Pos
	fset  *token.FileSet
}

// Pos returns the source position of the byte at offset i of the value, or
// token.NoPos when i is out of range.
func (s *StringSource) Pos(i int) token.Pos {
	if i < 0 || i >= len(s.pos) {
		return token.NoPos
	}
	return s.pos[i]
}

// SourceOf follows a string expression to the literals that spell it: a string
// literal, a '+' concatenation, or a named constant whose declaration decl
// returns (nil when it is not in reach, as for a constant of another package).
// It returns nil when any part is not a literal in reach, or when the pieces
// do not add up to the expression's constant value.
func SourceOf(fset *token.FileSet, info *types.Info, e ast.Expr, decl func(*types.Const) ast.Expr) *StringSource {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return nil
	}
	s := &StringSource{fset: fset}
	if !s.add(info, e, decl, 0) || s.Value != constant.StringVal(tv.Value) {
		return nil
	}
	return s
}

const maxConstDepth = 8

func (s *StringSource) add(info *types.Info, e ast.Expr, decl func(*types.Const) ast.Expr, depth int) bool {
	if depth > maxConstDepth {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return x.Kind == token.STRING && s.literal(x)
	case *ast.BinaryExpr:
		return x.Op == token.ADD && s.add(info, x.X, decl, depth+1) && s.add(info, x.Y, decl, depth+1)
	case *ast.Ident, *ast.SelectorExpr:
		c, ok := info.Uses[NameIdent(x)].(*types.Const)
		if !ok || decl == nil {
			return false
		}
		d := decl(c)
		return d != nil && s.add(info, d, decl, depth+1)
	}
	return false
}

// literal appends the value of a string literal, byte by byte with the position
// of the source that spells it (an escape sequence spells all its bytes).
func (s *StringSource) literal(lit *ast.BasicLit) bool {
	src := lit.Value
	if len(src) < 2 {
		return false
	}
	start := lit.Pos() + 1
	body := src[1 : len(src)-1]
	if src[0] == '`' {
		// The parser drops carriage returns from a raw string's value, so a
		// byte after a line break is found from its line's start (CRLF files).
		file := s.fset.File(lit.Pos())
		if file == nil {
			return false
		}
		line, next := file.Line(start), start
		for i := 0; i < len(body); i++ {
			if body[i] == '\n' && line < file.LineCount() {
				line++
				next = file.LineStart(line) - 1
			}
			s.Value += body[i : i+1]
			s.pos = append(s.pos, next)
			next++
		}
		return true
	}
	for i := 0; i < len(body); {
		r, multibyte, tail, err := strconv.UnquoteChar(body[i:], '"')
		if err != nil {
			return false
		}
		var b []byte
		if r < utf8.RuneSelf || !multibyte { // \xNN and octal escapes are single bytes
			b = []byte{byte(r)}
		} else {
			b = utf8.AppendRune(nil, r)
		}
		for range b {
			s.pos = append(s.pos, start+token.Pos(i))
		}
		s.Value += string(b)
		i = len(body) - len(tail)
	}
	return true
}
