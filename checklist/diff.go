package checklist

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// FileDiff is what a unified diff says about one file.
type FileDiff struct {
	// Path is the file's path on the new side ("" when the file was deleted);
	// OldPath the old side's ("" when the file was added).
	Path, OldPath string
	Binary        bool
	// Lines are the new-side lines that were added, or next to which lines were
	// removed, in ascending order.
	Lines []LineRange
}

// LineRange is an inclusive range of line numbers.
type LineRange struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// Deleted reports whether the diff removes the file.
func (f *FileDiff) Deleted() bool { return f.Path == "" }

// Status is a one-word description for the report.
func (f *FileDiff) Status() string {
	switch {
	case f.Deleted():
		return "deleted"
	case f.OldPath == "":
		return "added"
	case f.OldPath != f.Path:
		return "renamed"
	}
	return "modified"
}

// DiffError is a malformed diff, with the line where parsing stopped.
type DiffError struct {
	Line int
	Msg  string
}

func (e *DiffError) Error() string { return fmt.Sprintf("diff line %d: %s", e.Line, e.Msg) }

// ParseDiff reads a unified diff (git's or diff -u's). Only the hunk headers
// matter for scope: with or without context lines, the "+" lines and the places
// where "-" lines were are what changed.
func ParseDiff(r io.Reader) ([]*FileDiff, error) {
	p := &diffParser{sc: bufio.NewScanner(r)}
	p.sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	if err := p.run(); err != nil {
		return nil, err
	}
	if err := p.sc.Err(); err != nil {
		return nil, err
	}
	return p.files, nil
}

type diffParser struct {
	sc    *bufio.Scanner
	line  int
	files []*FileDiff
	cur   *FileDiff
	// seenOld is true after a "---" header of the current file.
	seenOld bool
	// oldLeft and newLeft count the hunk body lines still expected; newLine is
	// the new-side number of the next body line.
	oldLeft, newLeft, newLine int
	// afterHunk is true on the line right after a hunk's last body line.
	afterHunk bool
	// text is true once a line that is not blank has been read.
	text bool
}

// bodyLike reports an added or removed line where a header should be; "--"
// lets through the "-- " signature line of git format-patch.
func bodyLike(l string) bool {
	return strings.HasPrefix(l, "+") && !strings.HasPrefix(l, "+++ ") ||
		strings.HasPrefix(l, "-") && !strings.HasPrefix(l, "--")
}

func (p *diffParser) fail(format string, args ...any) error {
	return &DiffError{Line: p.line, Msg: fmt.Sprintf(format, args...)}
}

func (p *diffParser) run() error {
	for p.sc.Scan() {
		p.line++
		l := p.sc.Text()
		p.text = p.text || strings.TrimSpace(l) != ""
		var err error
		switch {
		case p.oldLeft > 0 || p.newLeft > 0:
			err = p.body(l)
			p.afterHunk = p.oldLeft == 0 && p.newLeft == 0
		case strings.HasPrefix(l, `\`):
		case p.afterHunk && bodyLike(l):
			err = p.fail("more lines than the hunk header says")
		default:
			p.afterHunk = false
			err = p.header(l)
		}
		if err != nil {
			return err
		}
	}
	if p.oldLeft > 0 || p.newLeft > 0 {
		return p.fail("diff ends inside a hunk (%d old and %d new lines missing)", p.oldLeft, p.newLeft)
	}
	if len(p.files) == 0 && p.text {
		// Text with no file in it is not an empty change: reviewing it as one
		// would pass a change nobody looked at.
		return &DiffError{Line: 1, Msg: `not a unified diff: no "diff --git" or "---"/"+++" file header`}
	}
	return nil
}

// header handles one line outside a hunk body.
func (p *diffParser) header(l string) error {
	switch {
	case strings.HasPrefix(l, "diff --git "):
		return p.gitHeader(l)
	case strings.HasPrefix(l, "--- "):
		return p.oldName(l[4:])
	case strings.HasPrefix(l, "+++ "):
		return p.newName(l[4:])
	case strings.HasPrefix(l, "@@"):
		return p.hunk(l)
	case strings.HasPrefix(l, "rename from "), strings.HasPrefix(l, "copy from "):
		return p.setOld(l[strings.Index(l, "from ")+5:])
	case strings.HasPrefix(l, "rename to "), strings.HasPrefix(l, "copy to "):
		return p.setNew(l[strings.Index(l, "to ")+3:])
	case strings.HasPrefix(l, "deleted file mode"):
		p.need().Path = ""
	case strings.HasPrefix(l, "new file mode"):
		p.need().OldPath = ""
	case strings.HasPrefix(l, "Binary files "), l == "GIT binary patch":
		p.need().Binary = true
	}
	// Everything else (index, mode, similarity, "\ No newline", text between
	// files) carries nothing the scope needs.
	return nil
}

// need returns the current file, starting an anonymous one if a git extended
// header line came first (it cannot, in git's output, but be lenient).
func (p *diffParser) need() *FileDiff {
	if p.cur == nil {
		p.start(&FileDiff{})
	}
	return p.cur
}

func (p *diffParser) start(f *FileDiff) {
	p.files = append(p.files, f)
	p.cur = f
	p.seenOld = false
}

// gitHeader starts a file from "diff --git a/x b/y". The names here are
// ambiguous when they contain spaces, so they are only a fallback for diffs
// without ---/+++ lines (binary files, pure renames, mode changes).
func (p *diffParser) gitHeader(l string) error {
	rest := l[len("diff --git "):]
	old, nw, ok := splitGitNames(rest)
	if !ok {
		return p.fail("cannot read file names in %q", l)
	}
	p.start(&FileDiff{Path: nw, OldPath: old})
	return nil
}

func (p *diffParser) setOld(name string) error {
	n, err := unquote(name)
	if err != nil {
		return p.fail("%v", err)
	}
	p.need().OldPath = n
	return nil
}

func (p *diffParser) setNew(name string) error {
	n, err := unquote(name)
	if err != nil {
		return p.fail("%v", err)
	}
	p.need().Path = n
	return nil
}

// oldName reads a "--- " line. Without a preceding "diff --git" it starts a
// new file (plain diff -u output).
func (p *diffParser) oldName(s string) error {
	if p.cur == nil || p.seenOld || len(p.cur.Lines) > 0 {
		p.start(&FileDiff{})
	}
	p.seenOld = true
	name, err := diffName(s)
	if err != nil {
		return p.fail("%v", err)
	}
	p.cur.OldPath = name
	return nil
}

func (p *diffParser) newName(s string) error {
	if p.cur == nil || !p.seenOld {
		return p.fail(`"+++" without a "---" line before it`)
	}
	name, err := diffName(s)
	if err != nil {
		return p.fail("%v", err)
	}
	p.cur.Path = name
	return nil
}
