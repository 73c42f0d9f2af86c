package checklist

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// renderGitHub writes workflow commands: one annotation per finding (error,
// warning or notice by the rule's severity), one notice naming the items that
// need review, and a closing summary notice.
// Every property and message is escaped, so analysed text cannot end the
// command early or start another.
func renderGitHub(w io.Writer, rep *Report, _ bool) error {
	bw := bufio.NewWriter(w)
	for _, g := range rep.Incomplete {
		fmt.Fprintf(bw, "::error title=%s::%s\n", ghProp("retrylint checklist: INCOMPLETE"), ghData(g))
	}
	done := make(map[*RegionGroup]bool)
	for _, f := range rep.Findings {
		g := groupOf(rep, f)
		switch {
		case g == nil:
			fmt.Fprintf(bw, "::%s file=%s,line=%d,col=%d,endLine=%d,title=%s::%s\n",
				ghLevel(f.Severity), ghProp(f.File), f.Line, f.Column, max(f.EndLine, f.Line),
				ghProp("retrylint "+f.Rule), ghData(f.Message))
		case !done[g]:
			done[g] = true
			ghRegion(bw, rep, g)
		}
	}
	var review []string
	for _, it := range rep.Items {
		if it.Status == StatusReview {
			review = append(review, it.ID)
		}
	}
	if len(review) > 0 {
		// One notice, not one per item: annotations are capped per step,
		// and the findings matter more.
		fmt.Fprintf(bw, "::notice title=%s::%s\n", ghProp("retrylint checklist: review by hand"),
			ghData(strings.Join(review, ", ")))
	}
	fmt.Fprintf(bw, "::notice title=retrylint checklist::%s\n",
		ghData(statusWord(rep.Summary.Verdict)+": "+summaryLine(rep.Summary)))
	return bw.Flush()
}

// ghRegion writes one annotation for the findings of a region that several
// rules report: one story at one place, each line a rule's own claim, at the
// most severe level among them. It also spends one annotation of the step's
// cap, not one per rule.
func ghRegion(w io.Writer, rep *Report, g *RegionGroup) {
	level, lines := "notice", []string{}
	for _, r := range g.Rules {
		for _, f := range rep.Findings {
			if f.Rule == r && groupOf(rep, f) == g {
				lines = append(lines, r+": "+f.Message)
				level = moreSevere(level, ghLevel(f.Severity))
			}
		}
	}
	fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,endLine=%d,title=%s::%s\n",
		level, ghProp(g.File), g.Line, g.Column, g.Line,
		ghProp("retrylint "+strings.Join(g.Rules, ", ")), ghData(strings.Join(lines, "\n")))
}

func moreSevere(a, b string) string {
	rank := map[string]int{"notice": 0, "warning": 1, "error": 2}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

func ghLevel(severity string) string {
	switch severity {
	case "warning":
		return "warning"
	case "info":
		return "notice"
	}
	return "error"
}
