package analyzers_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/fixedsleep"
	"github.com/retrylint/retrylint/analyzers/retryall"
	"github.com/retrylint/retrylint/analyzers/sleepnoctx"
	"github.com/retrylint/retrylint/analyzers/unboundedretry"
)

// storyFinding is a diagnostic as the region story test compares it.
type storyFinding struct {
	rule, message string
	line          int
	related       []int // lines of the related information
}

// TestRegionStory: the findings of several rules on one retry region share the
// region's position (the for keyword), carry the node they are about as related
// information, and do not repeat each other's message; a region with one
// finding and two regions in one function each get theirs at their own loop; a
// directive above the node a finding is about, or above the loop, silences
// that rule only.
func TestRegionStory(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "src", "regionstory", "story.go"))
	if err != nil {
		t.Fatal(err)
	}
	mark := lineMarks(string(src))
	byLine := map[int][]storyFinding{}
	for _, a := range []*analysis.Analyzer{retryall.Analyzer, fixedsleep.Analyzer, sleepnoctx.Analyzer, unboundedretry.Analyzer} {
		for _, res := range analysistest.Run(ignoreWants{}, dir, a, "regionstory") {
			for _, d := range res.Diagnostics {
				f := storyFinding{rule: a.Name, message: d.Message, line: res.Pass.Fset.Position(d.Pos).Line}
				for _, r := range d.Related {
					f.related = append(f.related, res.Pass.Fset.Position(r.Pos).Line)
				}
				byLine[f.line] = append(byLine[f.line], f)
			}
		}
	}
	expect := func(region string, wait string, rules ...string) {
		t.Helper()
		got := byLine[mark["region: "+region]]
		var names []string
		for _, f := range got {
			names = append(names, f.rule)
			if (f.rule == "fixedsleep" || f.rule == "sleepnoctx") && !slices.Equal(f.related, []int{mark["wait: "+wait]}) {
				t.Errorf("%s: %s related lines %v, want the wait's line %d", region, f.rule, f.related, mark["wait: "+wait])
			}
		}
		slices.Sort(names)
		slices.Sort(rules)
		if !slices.Equal(names, rules) {
			t.Errorf("%s: rules reported at the loop %v, want %v", region, names, rules)
		}
		delete(byLine, mark["region: "+region])
	}
	four := byLine[mark["region: fourWays"]]
	expect("fourWays", "fourWays", "retryall", "fixedsleep", "sleepnoctx", "unboundedretry")
	checkOwnClaims(t, four)
	expect("oneWay", "oneWay", "fixedsleep")
	expect("twoRegions.first", "twoRegions.first", "fixedsleep")
	expect("twoRegions.second", "twoRegions.second", "fixedsleep")
	expect("ignoredAtWait", "ignoredAtWait", "sleepnoctx")
	expect("ignoredAtLoop", "ignoredAtLoop", "fixedsleep")
	for line, fs := range byLine {
		t.Errorf("line %d: unexpected findings %v", line, fs)
	}
}

// checkOwnClaims checks that the messages on one region differ and that none
// states another rule's claim.
func checkOwnClaims(t *testing.T, fs []storyFinding) {
	t.Helper()
	claims := map[string]*regexp.Regexp{
		"retryall":       regexp.MustCompile(`every error`),
		"fixedsleep":     regexp.MustCompile(`the same .* before every attempt`),
		"sleepnoctx":     regexp.MustCompile(`cancel`),
		"unboundedretry": regexp.MustCompile(`no attempt limit|deadline`),
	}
	seen := map[string]bool{}
	for _, f := range fs {
		if seen[f.message] {
			t.Errorf("two findings say %q", f.message)
		}
		seen[f.message] = true
		for rule, claim := range claims {
			if has := claim.MatchString(f.message); has != (rule == f.rule) {
				t.Errorf("%s says %q: matches %s's claim %v = %v", f.rule, f.message, rule, claim, has)
			}
		}
	}
}

// lineMarks maps each trailing `// region: x` or `// wait: x` comment to its line.
func lineMarks(src string) map[string]int {
	out := map[string]int{}
	for i, l := range strings.Split(src, "\n") {
		if _, c, ok := strings.Cut(l, "// "); ok && (strings.HasPrefix(c, "region: ") || strings.HasPrefix(c, "wait: ")) {
			out[c] = i + 1
		}
	}
	return out
}
