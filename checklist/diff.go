package checklist

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
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

// diffName turns a ---/+++ name into a path: /dev/null becomes "", the a/ or
// b/ prefix goes, a tab-separated timestamp (diff -u) goes.
func diffName(s string) (string, error) {
	if strings.HasPrefix(s, `"`) {
		// git puts a tab after names with spaces, quoted or not.
		if end := quotedEnd(s); end > 0 {
			s = s[:end]
		}
	} else {
		if i := strings.IndexByte(s, '\t'); i >= 0 {
			s = s[:i]
		}
		s = strings.TrimRight(s, " ")
	}
	n, err := unquote(s)
	if err != nil {
		return "", err
	}
	if n == "/dev/null" {
		return "", nil
	}
	return stripPrefix(n), nil
}

func stripPrefix(n string) string {
	if strings.HasPrefix(n, "a/") || strings.HasPrefix(n, "b/") {
		return n[2:]
	}
	return n
}

// unquote undoes git's C-style quoting of unusual file names.
func unquote(s string) (string, error) {
	if !strings.HasPrefix(s, `"`) {
		return s, nil
	}
	u, err := strconv.Unquote(s)
	if err != nil {
		return "", fmt.Errorf("bad quoted file name %s", s)
	}
	return u, nil
}

// splitGitNames splits `a/x b/y` (either side possibly quoted). When neither is
// quoted and the names contain spaces, the split that gives two equal names is
// taken (the common case: no rename), else the middle " b/".
func splitGitNames(s string) (old, nw string, ok bool) {
	if strings.HasPrefix(s, `"`) {
		end := quotedEnd(s)
		if end < 0 {
			return "", "", false
		}
		o, err := unquote(s[:end])
		if err != nil {
			return "", "", false
		}
		n, err := diffName(strings.TrimPrefix(s[end:], " "))
		return stripPrefix(o), n, err == nil
	}
	if n := len(s); n%2 == 1 && s[:n/2] != "" && strings.HasPrefix(s[n/2+1:], "b/") &&
		stripPrefix(s[:n/2]) == s[n/2+3:] {
		return stripPrefix(s[:n/2]), s[n/2+3:], true
	}
	i := strings.Index(s, " b/")
	if i < 0 {
		i = strings.LastIndex(s, ` "`)
	}
	if i < 0 {
		return "", "", false
	}
	n, err := diffName(s[i+1:])
	return stripPrefix(s[:i]), n, err == nil
}

// quotedEnd returns the index just past the closing quote of a quoted name.
func quotedEnd(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}
