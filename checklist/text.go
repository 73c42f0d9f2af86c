package checklist

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/fatih/color"
)

// renderText writes the terminal report: one block per item, status first.
// Untrusted text goes through visible, so no escape sequence reaches the
// terminal.
func renderText(w io.Writer, rep *Report, useColor bool) error {
	bw := bufio.NewWriter(w)
	t := &textWriter{w: bw, colors: statusColors(useColor)}
	what, counts := scopeLine(rep)
	base := visible(what)
	if rep.Scope.MergeBase != "" {
		base += " (merge base " + shortSHA(rep.Scope.MergeBase) + ")"
	}
	t.p("retrylint checklist: %s (%s)", t.colors[rep.Summary.Verdict].Sprint(statusWord(rep.Summary.Verdict)), summaryLine(rep.Summary))
	for _, g := range rep.Incomplete {
		t.p("%s %s", t.colors[StatusIncomplete].Sprint("INCOMPLETE:"), visible(g))
	}
	t.p("change: %s; %s", base, counts)
	loud, na := quiet(rep.Items)
	for _, it := range loud {
		t.item(it)
	}
	if len(na) > 0 {
		t.p("\n%s  %s: %s", t.status(StatusNA), visible(strings.Join(itemIDs(na), ", ")), naLine(rep))
	}
	if len(rep.Regions) > 0 {
		t.p("\nretry regions with several findings (one change to the region often settles them together):")
		for _, g := range rep.Regions {
			s := fmt.Sprintf("%s:%d: %s: %s", visible(g.File), g.Line, visible(g.Kind), visible(strings.Join(g.Rules, ", ")))
			if g.Function != "" {
				s += " (in " + visible(g.Function) + ")"
			}
			t.p("    %s", s)
		}
	}
	if fs := otherFindings(rep); len(fs) > 0 {
		t.p("\nfindings outside the checklist:")
		for _, f := range fs {
			t.p("    %s", textFinding(f))
		}
	}
	for _, p := range rep.Packages {
		if len(p.Errors) > 0 {
			t.p("\npackage %s not analysed: %s", visible(p.Path), visible(p.Errors[0]))
		}
	}
	return bw.Flush()
}

type textWriter struct {
	w      *bufio.Writer
	colors map[Status]*color.Color
}

func (t *textWriter) p(format string, args ...any) { fmt.Fprintf(t.w, format+"\n", args...) }

// status pads before colouring, so the escape codes do not break alignment.
func (t *textWriter) status(s Status) string {
	return t.colors[s].Sprintf("%-6s", statusWord(s))
}

func (t *textWriter) item(it Item) {
	t.p("\n%s  %s  %s", t.status(it.Status), visible(it.ID), visible(it.Question))
	t.p("        %s", visible(it.Reason))
	for _, f := range it.Findings {
		t.p("        %s", textFinding(f))
	}
	for _, e := range it.Evidence {
		t.p("        - %s", visible(e))
	}
	if it.Status == StatusFail {
		return
	}
	for _, s := range it.Sites {
		t.p("        %s", textSite(s))
	}
}

func textFinding(f Finding) string {
	s := fmt.Sprintf("%s:%d: [%s] %s", visible(f.File), f.Line, visible(f.Rule), visible(f.Message))
	if f.Function != "" {
		s += " (in " + visible(f.Function) + ")"
	}
	for _, r := range f.Related {
		s += fmt.Sprintf(" (%s: %s)", visible(r.Message), visible(relatedPlace(f, r)))
	}
	return s
}

func textSite(s SiteRef) string {
	out := fmt.Sprintf("%s:%d: %s", visible(s.File), s.Line, kindName(s.Kind, 1))
	if s.Detail != "" {
		out += ": " + visible(s.Detail)
	}
	if s.Function != "" {
		out += " (in " + visible(s.Function) + ")"
	}
	return out
}

// statusColors makes colour objects whose on/off is fixed here, not by
// fatih/color's global guess about os.Stdout: -o FILE never gets colour.
func statusColors(on bool) map[Status]*color.Color {
	cs := map[Status]*color.Color{
		StatusFail:   color.New(color.FgRed, color.Bold),
		StatusReview: color.New(color.FgYellow, color.Bold),
		StatusPass:   color.New(color.FgGreen),
		StatusNA:     color.New(color.Faint),

		StatusIncomplete: color.New(color.FgRed, color.Bold),
	}
	for _, c := range cs {
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	return cs
}
