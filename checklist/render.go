package checklist

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/fatih/color"
)

// renderer writes a report in one format. color matters to text only.
type renderer func(w io.Writer, rep *Report, color bool) error

var renderers = map[string]renderer{
	"markdown": renderMarkdown,
	"text":     renderText,
	"json":     renderJSON,
	"sarif":    renderSARIF,
	"github":   renderGitHub,
}

func formatNames() []string {
	var names []string
	for n := range renderers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// colorFor decides colour for the text format: forced by the caller, else
// only on the process's own stdout when fatih/color allows it (NO_COLOR
// unset, TERM not dumb, stdout a terminal).
func colorFor(opts *Options, w io.Writer) bool {
	if opts.Color != nil {
		return *opts.Color
	}
	f, ok := w.(*os.File)
	return ok && f == os.Stdout && !color.NoColor
}

// renderJSON writes the report as it is: the Report type is the schema.
func renderJSON(w io.Writer, rep *Report, _ bool) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// statusWord is the status in capitals for text and markdown.
func statusWord(s Status) string {
	if s == StatusNA {
		return "N/A"
	}
	return strings.ToUpper(string(s))
}

// summaryLine says "2 fail, 3 review, 4 pass, 6 n/a".
func summaryLine(s Summary) string {
	line := fmt.Sprintf("%d fail, %d review, %d pass, %d n/a", s.Fail, s.Review, s.Pass, s.NA)
	if s.OtherFindings > 0 {
		line += fmt.Sprintf("; %s outside the checklist", plural(s.OtherFindings, "finding", "findings"))
	}
	return line
}

// otherFindings are the findings of rules no item names.
func otherFindings(rep *Report) []Finding {
	named := make(map[string]bool)
	for _, it := range rep.Items {
		for _, r := range it.Rules {
			named[r.Name] = true
		}
	}
	var out []Finding
	for _, f := range rep.Findings {
		if !named[f.Rule] {
			out = append(out, f)
		}
	}
	return out
}

// quiet splits the items into those with something to say and the n/a ones
// with no evidence, which the text and markdown reports collapse into one
// line: a 16-item report of a small change should not be mostly "n/a".
func quiet(items []Item) (loud, na []Item) {
	for _, it := range items {
		if it.Status == StatusNA && len(it.Evidence) == 0 && len(it.Findings) == 0 {
			na = append(na, it)
		} else {
			loud = append(loud, it)
		}
	}
	return loud, na
}

// naLine is the collapsed line's text, after the ids.
func naLine(rep *Report) string {
	if len(rep.Incomplete) > 0 {
		return "the analysed part of the change touches none of their code (the report is incomplete, see above)"
	}
	return "the change touches none of their code"
}

func itemIDs(items []Item) []string {
	var ids []string
	for _, it := range items {
		ids = append(ids, it.ID)
	}
	return ids
}

// scopeLine says what was compared, for the report's header.
func scopeLine(rep *Report) (what string, counts string) {
	analysed := 0
	for _, f := range rep.Scope.Files {
		if f.Analyzed {
			analysed++
		}
	}
	counts = fmt.Sprintf("%s changed, %d analysed", plural(len(rep.Scope.Files), "file", "files"), analysed)
	switch {
	case rep.Scope.Base != "":
		return rep.Scope.Base, counts
	case rep.Scope.Diff == "-":
		return "diff from stdin", counts
	}
	return rep.Scope.Diff, counts
}

func shortSHA(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// lines formats changed line ranges as "3-5, 9".
func lines(rs []LineRange) string {
	var parts []string
	for _, r := range rs {
		if r.From == r.To {
			parts = append(parts, fmt.Sprint(r.From))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", r.From, r.To))
		}
	}
	return strings.Join(parts, ", ")
}

// fileState says "added, analysed" or "modified, skipped: generated".
func fileState(f FileScope) string {
	switch {
	case f.Analyzed:
		return f.Status + ", analysed"
	case f.Skipped == f.Status:
		return f.Status
	}
	return f.Status + ", not analysed: " + f.Skipped
}
