package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/rules"
)

// libraryInfo is one library of the knowledge base as `retrylint knowledge`
// prints it: a family of the engine's registry, a client named in
// self_retrying_clients, or the package of other entries.
type libraryInfo struct {
	Library string `json:"library"`
	// Family is the registry family whose option semantics the engine
	// applies, empty when it has none (entries read by name only).
	Family      string           `json:"family,omitempty"`
	ImportPaths []string         `json:"import_paths"`
	Understands []string         `json:"understands"`
	Entries     []knowledgeEntry `json:"entries"`
}

// knowledgeEntry is one entry of a knowledge list.
type knowledgeEntry struct {
	List string `json:"list"` // the rules.yaml list: retry_helpers, classifiers, ...
	Name string `json:"name"` // the function, or the import path of budget_libraries
}

// What entries of the lists without option semantics say about their library.
const (
	aspectTransactions     = "transactions"
	aspectRemote           = "remote-calls"
	aspectNondeterministic = "nondeterministic-calls"
	aspectCheckpoints      = "checkpoints"
	aspectDeadLetter       = "dead-letter-writes"
	aspectBudget           = "retry-budget"
	aspectLocal            = "local-calls"
	aspectRequestDeadline  = "request-deadline"
	aspectTokenRequests    = "token-requests"
)

// grpcCodesPath is the library of the status codes grpc.transient_codes names.
const grpcCodesPath = "google.golang.org/grpc/codes"

// knowledgeMain lists the libraries the knowledge base covers:
// `retrylint knowledge [-json] [-config file]`.
func knowledgeMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("retrylint knowledge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the libraries as JSON, with every entry")
	config := fs.String("config", "", "rules `file` merged onto the built-in knowledge base")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: retrylint knowledge [-json] [-config file]")
		return 2
	}
	k, err := loadForHere(*config)
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: %s\n", oneLine(err.Error()))
		return 2
	}
	libs := knowledgeOf(k)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(libs); err != nil {
			fmt.Fprintf(stderr, "retrylint: %v\n", err)
			return 1
		}
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "LIBRARY\tFAMILY\tUNDERSTANDS\tIMPORT PATHS")
	for _, l := range libs {
		family := l.Family
		if family == "" {
			family = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", l.Library, family, strings.Join(l.Understands, ", "), strings.Join(l.ImportPaths, " "))
	}
	if err := tw.Flush(); err != nil {
		return 1
	}
	return 0
}

// loadForHere loads the configuration a run from the current directory would
// see: the -config file, else the .retrylint.yaml found from here up.
func loadForHere(config string) (*rules.Knowledge, error) {
	if config != "" {
		return rules.Load(resolveConfig(config, false))
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	return rules.ForDir(wd)
}

// knowledgeOf groups the knowledge base by library: the registry's families
// (with what the engine reads for each), then the clients and packages named
// by the other entries, each entry under the library of its package.
func knowledgeOf(k *rules.Knowledge) []libraryInfo {
	g := &libraryGroups{byKey: map[string]*libraryInfo{}, byPath: map[string]string{}}
	for _, lib := range retryscope.Libraries() {
		g.library(lib.Family, lib.Family).Understands = lib.Understands
	}
	b := &k.Knowledge
	for _, h := range b.RetryHelpers {
		aspects := []string{retryscope.AspectCallbacks}
		if h.ContextAware {
			aspects = append(aspects, retryscope.AspectContext)
		}
		if h.ChoosesErrors() {
			aspects = append(aspects, retryscope.AspectClassification)
		}
		g.add(familyOrNone(h.Family), "", "retry_helpers", h.Func, aspects...)
	}
	for _, s := range b.SelfRetrying {
		aspects := []string{retryscope.AspectInnerRetries}
		if s.AttemptsField != "" {
			aspects = append(aspects, retryscope.AspectAttempts)
		}
		g.add(s.Family, s.Name, "self_retrying_clients", s.Func, aspects...)
	}
	for _, c := range b.BackoffCalls {
		g.add(familyOrNone(c.Family), "", "backoff_calls", c.Func, retryscope.AspectGrowth)
	}
	for _, c := range b.GRPC.RetryConfigs {
		g.add(c.Family, "", "grpc.retry_configs", c.Func, retryscope.ConfigAspects(c.Family)...)
	}
	for _, t := range b.TxHelpers {
		g.add("", "", "transaction_helpers", t.Func, aspectTransactions)
	}
	for _, l := range []struct {
		list, aspect string
		names        []string
	}{
		{"classifiers", retryscope.AspectClassification, b.Classifiers},
		{"external_calls", aspectRemote, b.ExternalCalls},
		{"local_calls", aspectLocal, b.LocalCalls},
		{"nondeterministic_calls", aspectNondeterministic, b.Nondeterministic},
		{"checkpoint_calls", aspectCheckpoints, b.Checkpoints},
		{"cumulative_checkpoints", aspectCheckpoints, b.CumulativeCheckpoints},
		{"dead_letter.produce", aspectDeadLetter, b.DeadLetter.Produce},
		{"dead_letter.async", aspectDeadLetter, b.DeadLetter.Async},
		{"dead_letter.funcs", aspectDeadLetter, b.DeadLetter.Funcs},
		{"budget_libraries", aspectBudget, b.BudgetLibraries},
		{"http_timeout.bounding_fields", aspectRequestDeadline, b.HTTPTimeout.BoundingFields},
		{"http_timeout.context_free_fields", aspectRequestDeadline, b.HTTPTimeout.ContextFreeFields},
		{"http_timeout.context_client_senders", aspectRequestDeadline, b.HTTPTimeout.ContextClientSenders},
		{"token_url_fields", aspectTokenRequests, b.TokenURLFields},
		{"grpc.connections", retryscope.AspectInnerRetries, b.GRPC.Connections},
		{"grpc.disable_retry", retryscope.AspectInnerRetries, b.GRPC.DisableRetry},
		{"grpc.transient_codes", retryscope.AspectClassification, b.GRPC.TransientCodes},
	} {
		for _, n := range l.names {
			g.add("", "", l.list, n, l.aspect)
		}
	}
	return g.list()
}

// familyOrNone drops "generic", the family of helpers without option semantics.
func familyOrNone(f string) string {
	if f == "generic" {
		return ""
	}
	return f
}

// libraryGroups collects libraries in the order they are first met.
type libraryGroups struct {
	order  []string
	byKey  map[string]*libraryInfo
	byPath map[string]string // import path -> library key
}

func (g *libraryGroups) library(key, family string) *libraryInfo {
	if l := g.byKey[key]; l != nil {
		return l
	}
	l := &libraryInfo{Library: key, Family: family}
	g.byKey[key] = l
	g.order = append(g.order, key)
	return l
}

// add files an entry under its family, else under the library that already
// holds its import path, else under its client name, else under the path.
func (g *libraryGroups) add(family, name, list, fn string, aspects ...string) {
	path := importPathOf(list, fn)
	key := family
	switch {
	case key != "":
	case g.byPath[path] != "":
		key = g.byPath[path]
	case name != "":
		key = name
	default:
		key = path
	}
	l := g.library(key, family)
	if g.byPath[path] == "" {
		g.byPath[path] = key
	}
	if !slices.Contains(l.ImportPaths, path) {
		l.ImportPaths = append(l.ImportPaths, path)
	}
	for _, a := range aspects {
		if !slices.Contains(l.Understands, a) {
			l.Understands = append(l.Understands, a)
		}
	}
	l.Entries = append(l.Entries, knowledgeEntry{List: list, Name: fn})
}

func (g *libraryGroups) list() []libraryInfo {
	out := make([]libraryInfo, 0, len(g.order))
	for _, key := range g.order {
		out = append(out, *g.byKey[key])
	}
	return out
}

// importPathOf returns the package of a knowledge-base function name
// ("(*net/http.Client).Do" -> "net/http"), or the name itself for a list of
// import paths, or gRPC's codes package for a list of status codes.
func importPathOf(list, name string) string {
	switch list {
	case "budget_libraries":
		return name
	case "grpc.transient_codes":
		return grpcCodesPath
	}
	s := strings.TrimLeft(name, "(*")
	if i := strings.Index(s, ")"); i >= 0 {
		s = s[:i]
	}
	slash := strings.LastIndex(s, "/")
	if dot := strings.LastIndex(s, "."); dot > slash {
		return s[:dot]
	}
	return s
}
