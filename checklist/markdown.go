package checklist

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// renderMarkdown writes the PR comment. Layout: the hidden marker, a heading
// with the counts, one task-list entry per item (ticked when nothing is left
// to do: pass or n/a), each with its evidence folded in <details>, then the
// findings outside the checklist, packages that were not analysed, and the
// scope. Untrusted text goes through mdCode (paths, names, details) or mdText
// (messages, evidence).
func renderMarkdown(w io.Writer, rep *Report, _ bool) error {
	bw := bufio.NewWriter(w)
	m := &mdWriter{w: bw}
	m.header(rep)
	loud, na := quiet(rep.Items)
	for _, it := range loud {
		m.item(it)
	}
	if len(na) > 0 {
		var ids []string
		for _, id := range itemIDs(na) {
			ids = append(ids, mdCode(id))
		}
		m.p("- [x] **N/A** %s: %s", strings.Join(ids, ", "), mdText(naLine(rep)))
		m.p("")
	}
	m.regions(rep)
	m.other(otherFindings(rep))
	m.broken(rep.Packages)
	m.scope(rep)
	return bw.Flush()
}

type mdWriter struct{ w *bufio.Writer }

func (m *mdWriter) p(format string, args ...any) { fmt.Fprintf(m.w, format+"\n", args...) }

func (m *mdWriter) header(rep *Report) {
	m.p("%s", Marker)
	m.p("### retrylint checklist: %s", statusWord(rep.Summary.Verdict))
	m.p("")
	what, counts := scopeLine(rep)
	base := mdCode(what)
	if rep.Scope.MergeBase != "" {
		base += " (merge base " + mdCode(shortSHA(rep.Scope.MergeBase)) + ")"
	}
	m.p("%s · %s · %s", summaryLine(rep.Summary), base, counts)
	m.p("")
	if len(rep.Incomplete) > 0 {
		m.p("> [!CAUTION]")
		m.p("> **INCOMPLETE**: part of the change was not analysed; no item below speaks for it.")
		for _, g := range rep.Incomplete {
			m.p("> - %s", mdText(g))
		}
		m.p("")
	}
}

// item writes one task-list entry; its body is indented to stay inside it.
func (m *mdWriter) item(it Item) {
	box := " "
	if it.Status == StatusPass || it.Status == StatusNA {
		box = "x"
	}
	m.p("- [%s] **%s** %s  ", box, statusWord(it.Status), mdText(it.Question))
	m.p("  %s%s", mdText(it.Reason), ruleLinks(it.Rules))
	if len(it.Findings)+len(it.Evidence)+len(it.Sites) == 0 {
		return
	}
	m.p("  <details><summary>%s</summary>", detailsTitle(it))
	m.p("")
	for _, f := range it.Findings {
		m.p("  - %s", mdFinding(f))
	}
	for _, e := range it.Evidence {
		m.p("  - %s", mdText(e))
	}
	if it.Status != StatusFail {
		for _, s := range it.Sites {
			m.p("  - %s", mdSite(s))
		}
	}
	m.p("")
	m.p("  </details>")
	m.p("")
}

// detailsTitle is our own text: counts only.
func detailsTitle(it Item) string {
	var parts []string
	if n := len(it.Findings); n > 0 {
		parts = append(parts, plural(n, "finding", "findings"))
	}
	if n := len(it.Sites); n > 0 && it.Status != StatusFail {
		parts = append(parts, plural(n, "changed site", "changed sites"))
	}
	if len(parts) == 0 {
		return "evidence"
	}
	return strings.Join(parts, ", ")
}

// ruleLinks links the item's rules to their documentation.
func ruleLinks(rs []RuleRef) string {
	if len(rs) == 0 {
		return ""
	}
	var links []string
	for _, r := range rs {
		links = append(links, mdLink(r.Name, r.URL))
	}
	return " · " + strings.Join(links, ", ")
}

func mdLink(text, url string) string {
	if u := mdURL(url); u != "" {
		return "[" + mdText(text) + "](" + u + ")"
	}
	return mdText(text)
}

func mdFinding(f Finding) string {
	s := mdCode(fmt.Sprintf("%s:%d", f.File, f.Line))
	if f.Function != "" {
		s += " in " + mdCode(f.Function)
	}
	s += " " + mdLink(f.Rule, f.URL) + ": " + mdText(f.Message)
	for _, r := range f.Related {
		s += " \\(" + mdText(r.Message) + ": " + mdCode(relatedPlace(f, r)) + "\\)"
	}
	return s
}

// regions lists the retry regions that several rules report: the items file
// their findings under separate questions, and this says they are one loop
// (or call) to fix.
func (m *mdWriter) regions(rep *Report) {
	if len(rep.Regions) == 0 {
		return
	}
	m.p("**Retry regions with several findings** (one change to the region often settles them together)")
	m.p("")
	urls := make(map[string]string)
	for _, f := range rep.Findings {
		urls[f.Rule] = f.URL
	}
	for _, g := range rep.Regions {
		var links []string
		for _, r := range g.Rules {
			links = append(links, mdLink(r, urls[r]))
		}
		s := mdCode(fmt.Sprintf("%s:%d", g.File, g.Line)) + " " + mdText(g.Kind)
		if g.Function != "" {
			s += " in " + mdCode(g.Function)
		}
		m.p("- %s: %s", s, strings.Join(links, ", "))
	}
	m.p("")
}

func mdSite(s SiteRef) string {
	out := mdCode(fmt.Sprintf("%s:%d", s.File, s.Line)) + " " + kindName(s.Kind, 1)
	if s.Function != "" {
		out += " in " + mdCode(s.Function)
	}
	if s.Detail != "" {
		out += ": " + mdCode(s.Detail)
	}
	return out
}

func (m *mdWriter) other(fs []Finding) {
	if len(fs) == 0 {
		return
	}
	m.p("**Findings outside the checklist** (they fail the run too)")
	m.p("")
	for _, f := range fs {
		m.p("- %s", mdFinding(f))
	}
	m.p("")
}

// broken lists packages that were not analysed: visible, not folded, since
// everything in them went unchecked.
func (m *mdWriter) broken(ps []Package) {
	for _, p := range ps {
		if len(p.Errors) == 0 {
			continue
		}
		m.p("> [!WARNING]")
		m.p("> Package %s was not analysed: %s", mdCode(p.Path), mdText(p.Errors[0]))
		m.p("")
	}
}

func (m *mdWriter) scope(rep *Report) {
	if len(rep.Scope.Files) == 0 {
		m.p("The change has no files.")
		return
	}
	m.p("<details><summary>Changed files</summary>")
	m.p("")
	for _, f := range rep.Scope.Files {
		name := mdCode(f.Path)
		if f.OldPath != "" {
			name = mdCode(f.OldPath) + " → " + name
		}
		line := fmt.Sprintf("- %s %s", name, mdText(fileState(f)))
		if f.Analyzed && len(f.Lines) > 0 {
			line += " \\(lines " + mdText(lines(f.Lines)) + "\\)"
		}
		m.p("%s", line)
	}
	m.p("")
	m.p("</details>")
}
