package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/retrylint/retrylint/internal/rules"
)

// docsBase is where docs/rules/<name>.md is published; the analyzers' own URLs
// are preferred, this covers rules that have no analyzer yet.
const docsBase = "https://github.com/retrylint/retrylint/blob/main/docs/rules/"

// ruleInfo is one catalog entry as `retrylint rules -json` prints it.
type ruleInfo struct {
	Name     string   `json:"name"`
	Severity string   `json:"severity"`
	Status   string   `json:"status"`
	Enabled  bool     `json:"enabled"`
	Since    string   `json:"since,omitempty"`
	Title    string   `json:"title"`
	Summary  string   `json:"summary,omitempty"`
	Sources  []string `json:"sources,omitempty"`
	URL      string   `json:"url"`
}

// rulesMain prints the catalog: `retrylint rules [-json] [-config file]`,
// with the local configuration applied (a rule turned off shows as disabled);
// a broken configuration is an error, exit 2.
func rulesMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("retrylint rules", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the catalog as JSON")
	config := fs.String("config", "", "rules `file` merged onto the built-in catalog")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: retrylint rules [-json] [-config file]")
		return 2
	}
	// The catalog as a run from here would see it: -config file, else the
	// .retrylint.yaml found from the current directory up to the module root.
	k, err := loadForHere(*config)
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: %s\n", oneLine(err.Error()))
		return 2
	}
	list := catalogOf(k)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(list); err != nil {
			fmt.Fprintf(stderr, "retrylint: %v\n", err)
			return 1
		}
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tSEVERITY\tSTATUS\tTITLE\tDOC")
	for _, r := range list {
		status := r.Status
		if !r.Enabled {
			status += " (disabled)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.Name, r.Severity, status, r.Title, r.URL)
	}
	if err := tw.Flush(); err != nil {
		return 1
	}
	return 0
}

// catalog lists the rules of k in catalog order with their documentation links.
func catalogOf(k *rules.Knowledge) []ruleInfo {
	urls := ruleURLs()
	var list []ruleInfo
	for _, r := range k.Rules {
		url := urls[r.Name]
		if url == "" {
			url = docsBase + r.Name + ".md"
		}
		list = append(list, ruleInfo{
			Name:     r.Name,
			Severity: string(r.Severity),
			Status:   r.Status,
			Enabled:  r.IsEnabled(),
			Since:    r.Since,
			Title:    r.Title,
			Summary:  r.Summary,
			Sources:  r.Sources,
			URL:      url,
		})
	}
	return list
}
