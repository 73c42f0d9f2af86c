package checklist

import (
	"encoding/json"
	"io"
	"net/url"
	"strings"

	"github.com/retrylint/retrylint/internal/message"
	"github.com/retrylint/retrylint/internal/version"
)

// SARIF 2.1.0, the subset code scanning reads. Only findings go in: review
// items are questions for a person, not alerts to triage.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	Results     []sarifResult     `json:"results"`
}

// sarifInvocation says whether the run covered the whole change: an
// incomplete report is an unsuccessful execution, each gap a notification.
type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	Version         string      `json:"version"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri"`
	Rules           []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription *sarifText   `json:"shortDescription,omitempty"`
	FullDescription  *sarifText   `json:"fullDescription,omitempty"`
	Help             *sarifHelp   `json:"help,omitempty"`
	HelpURI          string       `json:"helpUri,omitempty"`
	Default          sarifDefault `json:"defaultConfiguration"`
}

type sarifDefault struct {
	Level string `json:"level"`
}

type sarifText struct {
	Text string `json:"text"`
}

// sarifHelp is what GitHub code scanning shows as the rule's help.
type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	RelatedLocations    []sarifRelated    `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

type sarifLocation struct {
	Physical sarifPhysical `json:"physicalLocation"`
}

// sarifRelated is a place the result is about besides its location: the wait
// or setting of the retry region it is reported at.
type sarifRelated struct {
	ID       int           `json:"id"`
	Physical sarifPhysical `json:"physicalLocation"`
	Message  sarifText     `json:"message"`
}

type sarifPhysical struct {
	Artifact sarifArtifact `json:"artifactLocation"`
	Region   sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
}

// fingerprintKey names our fingerprint scheme; a new scheme gets a new key
// so code scanning does not mix them.
const fingerprintKey = "retrylintFinding/v1"

func renderSARIF(w io.Writer, rep *Report, _ bool) error {
	rules, index := sarifRules(rep)
	results := []sarifResult{}
	for _, f := range rep.Findings {
		results = append(results, sarifResult{
			RuleID: f.Rule, RuleIndex: index[f.Rule], Level: sarifLevel(f.Severity),
			Message: sarifText{Text: f.Message},
			Locations: []sarifLocation{{Physical: sarifPhysical{
				Artifact: sarifArtifact{URI: fileURI(f.File), URIBaseID: "%SRCROOT%"},
				Region:   sarifRegion{StartLine: f.Line, StartColumn: f.Column, EndLine: f.EndLine},
			}}},
			RelatedLocations:    sarifRelatedOf(f),
			PartialFingerprints: map[string]string{fingerprintKey: f.Fingerprint},
		})
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{Tool: sarifTool{Driver: sarifDriver{
			Name: "retrylint", Version: version.Module(), SemanticVersion: version.Semantic(),
			InformationURI: "https://github.com/retrylint/retrylint", Rules: rules,
		}}, Invocations: []sarifInvocation{sarifRunState(rep)}, Results: results}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func sarifRelatedOf(f Finding) []sarifRelated {
	var out []sarifRelated
	for i, r := range f.Related {
		out = append(out, sarifRelated{ID: i + 1, Message: sarifText{Text: r.Message}, Physical: sarifPhysical{
			Artifact: sarifArtifact{URI: fileURI(r.File), URIBaseID: "%SRCROOT%"},
			Region:   sarifRegion{StartLine: r.Line, StartColumn: r.Column},
		}})
	}
	return out
}

// sarifRules lists every rule of the run (ruleIndex points into it), plus
// any rule that reported without a catalog entry.
func sarifRules(rep *Report) ([]sarifRule, map[string]int) {
	rules := []sarifRule{}
	index := make(map[string]int)
	add := func(ref RuleRef) {
		if _, ok := index[ref.Name]; ok {
			return
		}
		r := sarifRule{ID: ref.Name, Name: ref.Name, HelpURI: ref.URL, Default: sarifDefault{Level: sarifLevel(ref.Severity)}}
		if ref.Title != "" {
			r.ShortDescription = &sarifText{Text: ref.Title}
		}
		if full := strings.TrimSpace(ref.Summary); full != "" || ref.Title != "" {
			if full == "" {
				full = ref.Title
			}
			r.FullDescription = &sarifText{Text: full}
			r.Help = &sarifHelp{Text: full, Markdown: full}
			if ref.URL != "" {
				r.Help.Text += "\n\nDocumentation: " + ref.URL
				r.Help.Markdown += "\n\n[Documentation](" + mdURL(ref.URL) + ")"
			}
		}
		index[ref.Name] = len(rules)
		rules = append(rules, r)
	}
	for _, r := range rep.Rules {
		add(r)
	}
	for _, f := range rep.Findings {
		ref := RuleRef{Name: f.Rule, Severity: f.Severity, URL: f.URL}
		if f.Rule == message.DirectiveCategory {
			ref.Title = directiveTitle
			ref.Summary = directiveSummary
		}
		add(ref)
	}
	return rules, index
}

// The directive problems' own category, as SARIF describes it.
const (
	directiveTitle   = "A //retrylint:ignore directive that does not work as written"
	directiveSummary = "A //retrylint:ignore directive needs the names of the rules it silences and a reason: //retrylint:ignore <rule>[,<rule>] <why this is safe>. A directive that names an unknown rule or gives no reason is reported so that it is fixed, not trusted."
)

// sarifRunState is the invocation record: unsuccessful when the report is
// incomplete, with one notification per part of the change not analysed.
func sarifRunState(rep *Report) sarifInvocation {
	inv := sarifInvocation{ExecutionSuccessful: len(rep.Incomplete) == 0}
	for _, g := range rep.Incomplete {
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: "error", Message: sarifText{Text: g}})
	}
	return inv
}

func sarifLevel(severity string) string {
	switch severity {
	case "warning":
		return "warning"
	case "info":
		return "note"
	}
	return "error"
}

// fileURI makes a relative URI reference of a slash path.
func fileURI(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return strings.Join(parts, "/")
}
