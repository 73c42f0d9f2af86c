package main

import (
	"fmt"
	"io"
	"strings"

	catalog "github.com/retrylint/retrylint"
	"github.com/retrylint/retrylint/checklist"
	"github.com/retrylint/retrylint/internal/rules"
)

// helpMain serves `retrylint help [topic...]`: the usage, a rule's page
// (docs/rules/<name>.md, the text the documentation links to), or a
// subcommand's usage. An unknown topic is a usage error that names the
// closest one.
func helpMain(topics []string, stdout, stderr io.Writer) int {
	if len(topics) == 0 {
		printHelp(stdout)
		return 0
	}
	for i, t := range topics {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		switch t {
		case "checklist":
			checklist.PrintUsage(stdout)
			continue
		case "rules":
			fmt.Fprintln(stdout, "usage: retrylint rules [-json] [-config file]\n\nThe rule catalog: name, severity, status, title and documentation of each rule,\nwith the .retrylint.yaml of the current directory (or -config file) applied.")
			continue
		case "knowledge":
			fmt.Fprintln(stdout, "usage: retrylint knowledge [-json] [-config file]\n\nThe libraries the knowledge base covers: each family of the engine's registry\nand each library named in rules.yaml's knowledge section, with its import paths\nand what the rules understand of it (callbacks, context, attempts, growth,\njitter, classification, inner-retries, ...); -json adds every entry. The\n.retrylint.yaml of the current directory (or -config file) is applied.")
			continue
		case "version":
			fmt.Fprintln(stdout, "usage: retrylint version\n\nThe module version of this binary (with the VCS revision of a build from a\ncheckout, when the build recorded it), the Go version, OS and architecture.")
			continue
		case "help":
			fmt.Fprintln(stdout, "usage: retrylint help [rule|checklist|rules|knowledge|version]")
			continue
		}
		page, ok := catalog.RulePage(t)
		if !ok {
			known := map[string]bool{"checklist": true, "rules": true, "knowledge": true, "version": true, "help": true}
			for _, n := range rules.Names() {
				known[n] = true
			}
			fmt.Fprintf(stderr, "retrylint help: no rule or command %q%s; topics: %s, checklist, rules, knowledge, version\n",
				t, strings.Replace(suggest(t, known), "-", "", 1), strings.Join(rules.Names(), ", "))
			return 2
		}
		fmt.Fprint(stdout, page)
	}
	return 0
}

const usage = `retrylint finds retry, timeout and idempotency mistakes in Go code.

Usage:

  retrylint [-C dir] [flags] packages     analyse packages (standalone)
  go vet -vettool=$(command -v retrylint) [flags] packages
                                          the same analysis under go vet
  retrylint checklist [flags] [packages]  review checklist for a change
                                          (retrylint checklist -h for its flags)
  retrylint rules [-json] [-config file]  the rule catalog
  retrylint knowledge [-json] [-config file]
                                          the libraries the knowledge base covers
  retrylint version                       module and Go version of this binary
  retrylint help [rule|checklist|rules|knowledge|version]
                                          this text, a rule's page, or the
                                          usage of a subcommand

Flags of the analysis (standalone and go vet):

  -config file   rules file merged onto the built-in catalog (default: the
                 .retrylint.yaml found from each package's directory up to its
                 module root); under go vet a relative path is looked up from
                 each package's directory upwards
  -RULE=false    turn one rule off; -RULE (true) runs only the rules so named
  -json          print diagnostics as JSON (standalone: on stdout, exit 0)
  -fix           apply suggested fixes (standalone only), then print the
                 findings that have none (exit 3 if any); -diff previews
  -c N           show N lines of context around each finding
  -test          analyse test packages too (default true)
  -tags list, -mod mode, -modfile file
                 go build flags, passed to the go command as go vet does
                 (GOFLAGS works too)
  -C dir         change to dir first (must come first; not a go vet flag)

Exit status (standalone): 0 no findings, 3 findings, 1 the analysis failed,
2 a usage or configuration error, or code that does not build.

Rules:

`

// printHelp writes the usage of every surface and the catalog's rules.
func printHelp(w io.Writer) {
	fmt.Fprint(w, usage)
	for _, r := range rules.Default().Rules {
		note := ""
		if r.Status != "available" {
			note = " (" + r.Status + ")"
		}
		fmt.Fprintf(w, "  %-16s %s%s\n", r.Name, r.Title, note)
	}
	fmt.Fprint(w, "\nDocumentation: https://github.com/retrylint/retrylint/tree/main/docs\n")
}
