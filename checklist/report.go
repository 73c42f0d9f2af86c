package checklist

// Schema names the JSON layout; bump it when a field changes meaning or goes
// away (adding a field is compatible).
const Schema = "retrylint.checklist/v1"

// Marker is the hidden first line of the markdown report: CI finds the comment
// it posted before by this line and edits it instead of adding another.
const Marker = "<!-- retrylint-checklist -->"

// Status is an item's verdict.
type Status string

const (
	StatusPass   Status = "pass"
	StatusFail   Status = "fail"
	StatusReview Status = "review"
	StatusNA     Status = "n/a"
	// StatusIncomplete is a report's verdict, never an item's: part of the
	// change was not analysed, so no item can be taken as answered.
	StatusIncomplete Status = "incomplete"
)

// Report is everything the renderers print. Every slice is sorted, so equal
// inputs give byte-equal output.
type Report struct {
	Schema string `json:"schema"`
	// Incomplete lists the parts of the change that were not analysed (a
	// changed Go file no analysed package covers, a package that does not
	// load or type-check), one sentence each; empty when the report covers
	// the whole change. A report with any is never a pass.
	Incomplete []string `json:"incomplete"`
	Scope      Scope    `json:"scope"`
	Summary    Summary  `json:"summary"`
	// Items are the checklist items, in catalog (rules.yaml) order.
	Items []Item `json:"items"`
	// Findings are every in-scope finding, by file and line.
	Findings []Finding `json:"findings"`
	// Regions are the retry regions that findings of more than one rule are
	// reported at, by file and line.
	Regions []RegionGroup `json:"regions"`
	// Sites are every in-scope site, by file and line.
	Sites    []SiteRef `json:"sites"`
	Packages []Package `json:"packages"`
	// Rules are the catalog's rules with their state in this run.
	Rules []RuleRef `json:"rules"`
}

// Scope says which change was reviewed.
type Scope struct {
	Base      string      `json:"base,omitempty"`
	MergeBase string      `json:"mergeBase,omitempty"`
	Diff      string      `json:"diff,omitempty"`
	Files     []FileScope `json:"files"`
}

// FileScope is one file of the diff.
type FileScope struct {
	Path    string `json:"path"`
	OldPath string `json:"oldPath,omitempty"`
	// Status is added, modified, renamed or deleted.
	Status   string `json:"status"`
	Analyzed bool   `json:"analyzed"`
	// Skipped says why a file was not analysed.
	Skipped string      `json:"skipped,omitempty"`
	Lines   []LineRange `json:"lines,omitempty"`
}

// Package is a loaded package holding changed files.
type Package struct {
	Path string `json:"path"`
	Dir  string `json:"dir"`
	// Errors are load and type errors; a package with errors is not analysed.
	Errors []string `json:"errors,omitempty"`
}

// Summary counts the items by status.
type Summary struct {
	// Verdict is fail when an item failed, else incomplete when part of the
	// change was not analysed, else the worst status of any item: review,
	// pass, or n/a.
	Verdict Status `json:"verdict"`
	Pass    int    `json:"pass"`
	Fail    int    `json:"fail"`
	Review  int    `json:"review"`
	NA      int    `json:"na"`
	// OtherFindings counts in-scope findings of rules no item names; they fail
	// the run like an item would.
	OtherFindings int `json:"otherFindings,omitempty"`
}

// Item is one answered checklist question.
type Item struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	Status   Status `json:"status"`
	// Decision is auto, partial or manual, from rules.yaml.
	Decision string `json:"decision"`
	// Reason says in one sentence why the item got its status.
	Reason string `json:"reason"`
	// Evidence lists what was checked or seen.
	Evidence []string  `json:"evidence,omitempty"`
	Rules    []RuleRef `json:"rules,omitempty"`
	Findings []Finding `json:"findings,omitempty"`
	// Sites are the changed sites that make the item relevant.
	Sites   []SiteRef `json:"sites,omitempty"`
	Sources []string  `json:"sources,omitempty"`
}

// RuleRef is a rule as the report shows it.
type RuleRef struct {
	Name     string `json:"name"`
	Title    string `json:"title,omitempty"`
	Severity string `json:"severity,omitempty"`
	// State is available, planned or disabled.
	State string `json:"state"`
	URL   string `json:"url,omitempty"`
	// Summary is the catalog's text of the rule (SARIF's fullDescription
	// and help).
	Summary string `json:"-"`
}

// Finding is one diagnostic of a rule, in scope.
type Finding struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	EndLine  int    `json:"endLine,omitempty"`
	Function string `json:"function,omitempty"`
	Message  string `json:"message"`
	URL      string `json:"url,omitempty"`
	// Related are the places the finding is about besides its position (the
	// wait, the setting, the retried call of the region it is reported at).
	Related []Related `json:"related,omitempty"`
	// Fingerprint identifies the finding across line shifts: rule, file,
	// function, the message without numbers, and its rank among equals.
	Fingerprint string `json:"fingerprint"`
}

// SiteRef is one engine site, in scope.
type SiteRef struct {
	Kind     string `json:"kind"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	EndLine  int    `json:"endLine"`
	Function string `json:"function,omitempty"`
	Detail   string `json:"detail"`
	// Notes are what an item's probe saw at this site (e.g. "logs with log/slog").
	Notes []string `json:"notes,omitempty"`
}
