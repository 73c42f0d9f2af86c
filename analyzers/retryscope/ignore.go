package retryscope

import (
	"go/ast"
	"go/token"
	"strings"
)

const ignorePrefix = "//retrylint:ignore"

// Directive is one //retrylint:ignore comment.
type Directive struct {
	Pos    token.Pos
	Rules  []string
	Reason string
	// file and lines covered, inclusive
	file     string
	from, to int
}

// Ignores holds a package's suppression directives.
type Ignores struct {
	fset *token.FileSet
	list []*Directive
}

// Directives returns every directive, in source order.
func (ig *Ignores) Directives() []*Directive { return ig.list }

// Covers reports whether a directive silences rule at pos.
func (ig *Ignores) Covers(pos token.Pos, rule string) bool {
	if ig == nil || !pos.IsValid() {
		return false
	}
	p := ig.fset.Position(pos)
	for _, d := range ig.list {
		if d.file == p.Filename && d.from <= p.Line && p.Line <= d.to && d.names(rule) {
			return true
		}
	}
	return false
}

func (d *Directive) names(rule string) bool {
	for _, r := range d.Rules {
		if r == rule || r == "all" {
			return true
		}
	}
	return false
}

// collectIgnores reads the directives of every file. A directive covers its own
// line and the next; in a function's doc comment it covers the whole function.
func collectIgnores(fset *token.FileSet, files []*ast.File) *Ignores {
	ig := &Ignores{fset: fset}
	for _, f := range files {
		docs := funcDocRanges(fset, f)
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				d := parseDirective(c)
				if d == nil {
					continue
				}
				p := fset.Position(c.Pos())
				d.file, d.from, d.to = p.Filename, p.Line, p.Line+1
				if end, ok := docs[cg]; ok {
					d.to = end
				}
				ig.list = append(ig.list, d)
			}
		}
	}
	return ig
}

// funcDocRanges maps each function doc comment to the last line of its function.
func funcDocRanges(fset *token.FileSet, f *ast.File) map[*ast.CommentGroup]int {
	m := make(map[*ast.CommentGroup]int)
	for _, decl := range f.Decls {
		if fd, ok := decl.(*ast.FuncDecl); ok && fd.Doc != nil {
			m[fd.Doc] = fset.Position(fd.End()).Line
		}
	}
	return m
}

func parseDirective(c *ast.Comment) *Directive {
	text, ok := strings.CutPrefix(c.Text, ignorePrefix)
	if !ok || (text != "" && text[0] != ' ' && text[0] != '\t') {
		return nil
	}
	fields := strings.Fields(text)
	d := &Directive{Pos: c.Pos()}
	if len(fields) == 0 {
		return d
	}
	for _, r := range strings.Split(fields[0], ",") {
		if r = strings.TrimSpace(r); r != "" {
			d.Rules = append(d.Rules, r)
		}
	}
	d.Reason = strings.Join(fields[1:], " ")
	return d
}
