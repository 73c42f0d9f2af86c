package checklist

import (
	"encoding/json"
	"io"
	"net/url"
	"strings"
)

// SARIF 2.1.0, the subset code scanning reads. Only findings go in: review
// items are questions for a person, not alerts to triage.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription *sarifText   `json:"shortDescription,omitempty"`
	HelpURI          string       `json:"helpUri,omitempty"`
	Default          sarifDefault `json:"defaultConfiguration"`
}

type sarifDefault struct {
	Level string `json:"level"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

type sarifLocation struct {
	Physical sarifPhysical `json:"physicalLocation"`
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
			PartialFingerprints: map[string]string{fingerprintKey: f.Fingerprint},
		})
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{Tool: sarifTool{Driver: sarifDriver{
			Name: "retrylint", InformationURI: "https://github.com/retrylint/retrylint", Rules: rules,
		}}, Results: results}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// sarifRules lists every rule of the run (ruleIndex points into it), plus
// any rule that reported without a catalog entry.
func sarifRules(rep *Report) ([]sarifRule, map[string]int) {
	rules := []sarifRule{}
	index := make(map[string]int)
	add := func(name, title, severity, help string) {
		if _, ok := index[name]; ok {
			return
		}
		r := sarifRule{ID: name, Name: name, HelpURI: help, Default: sarifDefault{Level: sarifLevel(severity)}}
		if title != "" {
			r.ShortDescription = &sarifText{Text: title}
		}
		index[name] = len(rules)
		rules = append(rules, r)
	}
	for _, r := range rep.Rules {
		add(r.Name, r.Title, r.Severity, r.URL)
	}
	for _, f := range rep.Findings {
		add(f.Rule, "", f.Severity, f.URL)
	}
	return rules, index
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
