package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/message"
)

// childEnv marks the copy of the process whose JSON output is being enriched.
const childEnv = "RETRYLINT_JSON_CHILD"

// maybeAddURLs serves -json runs. The x/tools checker (v0.52.0) leaves
// Diagnostic.URL out of its JSON, and prints that JSON just before os.Exit, so it
// cannot be rewritten in-process: the run is repeated in a child process, its
// output is captured (stdout, or under go vet the vet.cfg's Stdout file), and
// each diagnostic gets a "url" field: its rule's page. ok is false when the run
// should proceed in this process instead.
func maybeAddURLs(args []string, vet bool) (code int, ok bool) {
	if os.Getenv(childEnv) != "" || !boolFlag(args, "json") || boolFlag(args, "fix") {
		return 0, false
	}
	var cfg vetConfig
	if vet {
		var found bool
		if cfg, found = readVetConfig(args); !found || cfg.VetxOnly {
			return 0, false // -flags, -V=full, or a dependency that prints nothing
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return 0, false
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	cmd.Stdin, cmd.Stderr = os.Stdin, os.Stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		return 0, false // could not start the child: run here, without URLs
	}
	urls := ruleURLs()
	if cfg.Stdout != "" {
		if data, err := os.ReadFile(cfg.Stdout); err == nil && len(data) > 0 {
			os.WriteFile(cfg.Stdout, addURLs(data, urls), 0o666)
		}
	}
	if len(out) > 0 {
		os.Stdout.Write(addURLs(out, urls))
	}
	return code, true
}

// boolFlag reports whether the boolean flag name is set to true in args.
func boolFlag(args []string, name string) bool {
	on := false
	for _, a := range args {
		if a == "--" {
			break
		}
		a = oneDash(a)
		if a == "-"+name {
			on = true
		} else if v, found := strings.CutPrefix(a, "-"+name+"="); found {
			on, _ = strconv.ParseBool(v)
		}
	}
	return on
}

// ruleURLs maps each analyzer's name (the diagnostics' category) to its page.
func ruleURLs() map[string]string {
	m := make(map[string]string)
	for _, a := range analyzers.All() {
		m[a.Name] = a.URL
	}
	m[message.DirectiveCategory] = message.DirectiveURL
	return m
}

// addURLs adds "url" to every diagnostic of the checker's JSON tree
// ({package: {analyzer: [diagnostic] | {"error": ...}}}). Output it cannot parse is
// returned unchanged.
func addURLs(out []byte, urls map[string]string) []byte {
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		return out
	}
	for _, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var diags []map[string]json.RawMessage
			if !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("[")) || json.Unmarshal(raw, &diags) != nil {
				continue // an analysis error, not diagnostics
			}
			for _, d := range diags {
				url := urls[name]
				var category string
				if json.Unmarshal(d["category"], &category) == nil && urls[category] != "" {
					url = urls[category] // a directive problem reported by a rule
				}
				if _, has := d["url"]; has || url == "" {
					continue
				}
				d["url"], _ = json.Marshal(url)
			}
			byAnalyzer[name], _ = json.Marshal(diags)
		}
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return out
	}
	return append(data, '\n')
}
