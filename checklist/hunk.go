package checklist

import (
	"regexp"
	"strconv"
)

var hunkRE = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)

// hunk starts a hunk from its header. The counts tell how many body lines
// follow, which is the only safe way to tell a body line "--- x" (a removed
// line starting with "-- ") from the next file's header.
func (p *diffParser) hunk(l string) error {
	if p.cur == nil || (p.cur.Path == "" && p.cur.OldPath == "") {
		return p.fail("hunk before any file header")
	}
	m := hunkRE.FindStringSubmatch(l)
	if m == nil {
		return p.fail("malformed hunk header %q (combined diffs are not supported)", l)
	}
	p.oldLeft = count(m[2])
	p.newLeft = count(m[4])
	p.newLine, _ = strconv.Atoi(m[3])
	if p.newLeft == 0 {
		// An empty new side names the line before the hunk.
		p.newLine++
	}
	return nil
}

// count reads a hunk length; a missing length means 1.
func count(s string) int {
	if s == "" {
		return 1
	}
	n, _ := strconv.Atoi(s)
	return n
}

// body reads one line inside a hunk.
func (p *diffParser) body(l string) error {
	if l == "" {
		// Some tools strip the trailing space of an empty context line.
		l = " "
	}
	switch l[0] {
	case ' ':
		if p.oldLeft == 0 || p.newLeft == 0 {
			return p.fail("context line outside the hunk's counts")
		}
		p.oldLeft--
		p.newLeft--
		p.newLine++
	case '+':
		if p.newLeft == 0 {
			return p.fail("more added lines than the hunk header says")
		}
		p.mark(p.newLine, p.newLine)
		p.newLeft--
		p.newLine++
	case '-':
		if p.oldLeft == 0 {
			return p.fail("more removed lines than the hunk header says")
		}
		// A removal changes the code between the lines around it.
		p.mark(p.newLine-1, p.newLine)
		p.oldLeft--
	case '\\':
		// "\ No newline at end of file"
	default:
		return p.fail("hunk ends early: %d old and %d new lines missing", p.oldLeft, p.newLeft)
	}
	return nil
}

// mark records changed new-side lines, merging with the last range: hunks
// come in ascending order.
func (p *diffParser) mark(from, to int) {
	from = max(from, 1)
	to = max(to, from)
	ls := p.cur.Lines
	if n := len(ls); n > 0 && from <= ls[n-1].To+1 {
		ls[n-1].To = max(ls[n-1].To, to)
		return
	}
	p.cur.Lines = append(ls, LineRange{From: from, To: to})
}
