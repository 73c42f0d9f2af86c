package checklist

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/retrylint/retrylint/internal/rules"
)

// Related is a place a finding is about besides its own position: the rules
// report a retry region's findings at the region (the loop keyword, the
// recursive call, the helper call) and point from there at the wait, the
// setting or the retried call.
type Related struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// RegionGroup is a retry region that findings of more than one rule are
// about: one loop wrong in several ways reads as one story, and one change
// to it often settles them all.
type RegionGroup struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Function string `json:"function,omitempty"`
	// Kind says what the region is: retry loop, recursive retry, retry
	// callback of a helper.
	Kind string `json:"kind"`
	// Rules are the rules that report it, in catalog order.
	Rules []string `json:"rules"`
}

// anchor is where a region's findings are reported.
type anchor struct {
	file      string
	line, col int
}

// groupRegions lists the regions that findings of two or more rules are
// reported at, in file order.
func groupRegions(c *collected, k *rules.Knowledge) []RegionGroup {
	var out []RegionGroup
	done := make(map[anchor]bool)
	for _, reg := range c.regions {
		a := reg.anchor
		if done[a] {
			continue
		}
		done[a] = true
		var names []string
		for _, f := range c.findings {
			if (anchor{f.File, f.Line, f.Column}) == a && !slices.Contains(names, f.Rule) {
				names = append(names, f.Rule)
			}
		}
		if len(names) < 2 {
			continue
		}
		slices.SortStableFunc(names, func(x, y string) int { return cmp.Compare(catalogIndex(k, x), catalogIndex(k, y)) })
		out = append(out, RegionGroup{File: a.file, Line: a.line, Column: a.col, Function: reg.site.Function,
			Kind: reg.site.Detail, Rules: names})
	}
	return out
}

func catalogIndex(k *rules.Knowledge, name string) int {
	for i, r := range k.Rules {
		if r.Name == name {
			return i
		}
	}
	return len(k.Rules)
}

// groupOf returns the region group a finding is reported at, or nil.
func groupOf(rep *Report, f Finding) *RegionGroup {
	for i := range rep.Regions {
		g := &rep.Regions[i]
		if g.File == f.File && g.Line == f.Line && g.Column == f.Column && slices.Contains(g.Rules, f.Rule) {
			return g
		}
	}
	return nil
}

// relatedPlace names a related place: its line when it is in the finding's
// file, else file and line.
func relatedPlace(f Finding, r Related) string {
	if r.File == f.File {
		return fmt.Sprintf("line %d", r.Line)
	}
	return fmt.Sprintf("%s:%d", r.File, r.Line)
}
