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
	for _, f := range rep.Findings {
		fmt.Fprintf(bw, "::%s file=%s,line=%d,col=%d,endLine=%d,title=%s::%s\n",
			ghLevel(f.Severity), ghProp(f.File), f.Line, f.Column, max(f.EndLine, f.Line),
			ghProp("retrylint "+f.Rule), ghData(f.Message))
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

func ghLevel(severity string) string {
	switch severity {
	case "warning":
		return "warning"
	case "info":
		return "notice"
	}
	return "error"
}
