package lint

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/message"
)

// ReportRegion reports a finding about a retry region at the region's anchor
// (Region.Pos: the loop keyword, the recursive call, the helper call), so the
// findings of the rules on one region share a position and read as one story;
// each rule still reports under its own name, so suppression by rule keeps
// working. at is the node the finding is about (the wait, the setting, the
// retried call), or nil for the region as a whole: it becomes the finding's
// related information, named what, and a directive on its line silences the
// finding too, so directives written above the node before findings moved to
// the anchor keep working. fixes edit the code they always did. Where the
// driver prints plain lines (message.Related unset) the related information is
// left out, so each finding stays one line.
func (p *Pass) ReportRegion(r *retryscope.Region, at ast.Node, what string, fixes []analysis.SuggestedFix, format string, args ...any) {
	pos := r.Pos
	if !pos.IsValid() && at != nil {
		pos = at.Pos()
	}
	if !p.Wants(pos) || (at != nil && p.ignores.Covers(at.Pos(), p.Analyzer.Name)) {
		return
	}
	d := analysis.Diagnostic{
		Pos:            pos,
		End:            pos,
		Category:       p.Analyzer.Name,
		Message:        message.Make(p.Analyzer.Name, format, args...),
		URL:            p.Analyzer.URL,
		SuggestedFixes: fixes,
	}
	if message.Related && at != nil && at.Pos() != pos {
		d.Related = []analysis.RelatedInformation{{Pos: at.Pos(), End: at.End(), Message: what}}
	}
	p.Report(d)
}
