package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/rules"
)

// Flags of an analysis run (standalone), besides one per rule: those of the
// x/tools checker (v0.52.0), retrylint's own, and the go build flags the
// loader passes on. valueFlags take a value in the next argument when not
// written -name=value.
var (
	boolFlags  = []string{"json", "fix", "diff", "test", "flags", "source", "v", "all", "h", "help"}
	valueFlags = []string{"c", "config", "cpuprofile", "memprofile", "trace", "debug", "V", "tags", "mod", "modfile"}
)

// checkFlags rejects an unknown flag of a standalone run in one line that
// names the closest known flag, instead of the flag package's error and the
// whole usage text. It exits 2 on an unknown flag and returns otherwise.
func checkFlags(args []string) {
	known := make(map[string]bool)
	for _, f := range append(append([]string{}, boolFlags...), valueFlags...) {
		known[f] = true
	}
	for _, a := range analyzers.All() {
		known[a.Name] = true
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
			return // the patterns start here
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !known[name] {
			fmt.Fprintf(os.Stderr, "retrylint: unknown flag -%s%s; `retrylint help` shows the usage\n", name, suggest(name, known))
			os.Exit(2)
		}
		if !hasValue && isValueFlag(name) {
			i++
		}
	}
}

func isValueFlag(name string) bool {
	for _, f := range valueFlags {
		if f == name {
			return true
		}
	}
	return false
}

// suggest names the known flag closest to name, if one is close enough to
// be a likely typo.
func suggest(name string, known map[string]bool) string {
	names := make([]string, 0, len(known))
	for k := range known {
		names = append(names, k)
	}
	sort.Strings(names)
	if best := rules.Closest(name, names); best != "" {
		return " (did you mean -" + best + "?)"
	}
	return ""
}
