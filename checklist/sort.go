package checklist

import (
	"cmp"
	"slices"
)

// The report is sorted everywhere so that two runs on the same change print
// the same bytes (golden tests, and CI that edits a comment only on change).

func sortFiles(fs []FileScope) {
	slices.SortStableFunc(fs, func(a, b FileScope) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.OldPath, b.OldPath))
	})
}

func sortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Column, b.Column), cmp.Compare(a.Rule, b.Rule),
			cmp.Compare(a.Message, b.Message))
	})
}

func sortSites(ss []SiteRef) {
	slices.SortStableFunc(ss, compareSites)
}

func siteLess(a, b SiteRef) bool { return compareSites(a, b) < 0 }

func compareSites(a, b SiteRef) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.EndLine, b.EndLine),
		cmp.Compare(a.Detail, b.Detail))
}
