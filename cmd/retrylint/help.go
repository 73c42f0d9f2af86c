package main

import (
	"fmt"
	"io"

	"github.com/retrylint/retrylint/internal/rules"
)

const usage = `retrylint finds retry, timeout and idempotency mistakes in Go code.

Usage:

  retrylint [-C dir] [flags] packages     analyse packages (standalone)
  go vet -vettool=$(command -v retrylint) [flags] packages
                                          the same analysis under go vet
  retrylint checklist [flags] [packages]  review checklist for a change
                                          (retrylint checklist -h for its flags)
  retrylint rules [-json] [-config file]  the rule catalog
  retrylint version                       module and Go version of this binary
  retrylint help [rule]                   this text, or one rule's details

Flags of the analysis (standalone and go vet):

  -config file   rules file merged onto the built-in catalog (default: the
                 .retrylint.yaml found from each package's directory up to its
                 module root); under go vet a relative path is looked up from
                 each package's directory upwards
  -RULE=false    turn one rule off; -RULE (true) runs only the rules so named
  -json          print diagnostics as JSON (standalone: on stdout, exit 0)
  -fix           apply suggested fixes (standalone only); -diff prints them
  -c N           show N lines of context around each finding
  -test          analyse test packages too (default true)
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
