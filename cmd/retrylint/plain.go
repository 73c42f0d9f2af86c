package main

import (
	"bytes"
	"cmp"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis/checker"

	"github.com/retrylint/retrylint/internal/safetext"
)

// plainFinding is one line of the plain output.
type plainFinding struct {
	file      string
	line, col int
	rule, msg string
	pos       token.Position // for -c
}

// printPlain writes the findings of the root actions as
// `file:line:col: message (rule)`, sorted by file, line and column, each
// once; file names are relative to the working directory when under it, and
// every piece of text that came from the analysed code is escaped onto one
// line. With context >= 0 the source lines around each finding follow, as
// the x/tools checker prints them. Analysis errors are printed first, one
// line each. It reports whether any analysis failed and any finding was
// printed.
func printPlain(w io.Writer, g *checker.Graph, context int) (failed, found bool) {
	wd, _ := os.Getwd()
	var list []plainFinding
	seen := make(map[plainFinding]bool)
	for act := range g.All() {
		if act.Err != nil {
			failed = true
			if act.IsRoot {
				fmt.Fprintf(w, "retrylint: %s: %s: %s\n", act.Analyzer.Name,
					safetext.Line(act.Package.PkgPath), safetext.Line(act.Err.Error()))
			}
			continue
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			rule := cmp.Or(d.Category, act.Analyzer.Name)
			f := plainFinding{file: relToWd(wd, pos.Filename), line: pos.Line, col: pos.Column,
				rule: rule, msg: d.Message}
			if seen[f] {
				continue // a file of both a package and its test variant
			}
			seen[f] = true
			f.pos = pos
			list = append(list, f)
		}
	}
	slices.SortFunc(list, func(a, b plainFinding) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.line, b.line),
			cmp.Compare(a.col, b.col), cmp.Compare(a.rule, b.rule), cmp.Compare(a.msg, b.msg))
	})
	for _, f := range list {
		fmt.Fprintf(w, "%s:%d:%d: %s (%s)\n", safetext.Line(f.file), f.line, f.col,
			safetext.Line(f.msg), f.rule)
		if context >= 0 {
			printContext(w, f.pos, context)
		}
	}
	return failed, len(list) > 0
}

// relToWd makes a file name relative to the working directory when it lies
// under it, as the go command prints positions.
func relToWd(wd, file string) string {
	if wd == "" || !filepath.IsAbs(file) {
		return file
	}
	if r, err := filepath.Rel(wd, file); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return r
	}
	return file
}

// printContext prints the source lines from n before to n after the
// finding's line, escaped.
func printContext(w io.Writer, pos token.Position, n int) {
	data, err := os.ReadFile(pos.Filename)
	if err != nil {
		return
	}
	lines := bytes.Split(data, []byte("\n"))
	for i := max(pos.Line-n, 1); i <= min(pos.Line+n, len(lines)); i++ {
		// Tabs stay (indentation); the line number first keeps a source
		// line from starting an output line.
		parts := strings.Split(string(lines[i-1]), "\t")
		for j, p := range parts {
			parts[j] = safetext.Line(p)
		}
		fmt.Fprintf(w, "%d\t%s\n", i, strings.Join(parts, "\t"))
	}
}
