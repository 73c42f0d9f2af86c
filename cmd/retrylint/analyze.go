package main

import (
	"encoding/gob"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/goroot"
	"github.com/retrylint/retrylint/internal/message"
	"github.com/retrylint/retrylint/internal/rules"
	"github.com/retrylint/retrylint/internal/safetext"
)

// analyze runs the analyzers through the x/tools multichecker, which serves both the
// standalone checker and go vet's protocol (-flags, -V=full, vet.cfg).
func analyze(args []string) {
	vet := isVetRun(args)
	message.Related = !vet && boolFlag(args, "json")
	if len(args) == 1 && oneDash(args[0]) == "-V=full" {
		os.Exit(printVetToolID())
	}
	if vet {
		vetPreflight(args)
	} else {
		checkFlags(args)
	}
	selectRules(args)
	// Registered on flag.CommandLine before multichecker.Main parses it, so that it
	// is parsed like the checker's own flags and listed by -flags for go vet.
	flag.Var(&configFlag{vet: vet}, "config",
		"rules `file` (rules.yaml format) merged onto the built-in catalog; default: .retrylint.yaml found from each package's directory up to its module root")
	flag.Usage = func() {
		// -h asks for the usage; any other flag error has been printed in
		// one line already.
		if boolFlag(args, "h") || boolFlag(args, "help") {
			printHelp(flag.CommandLine.Output())
			return
		}
		fmt.Fprintln(flag.CommandLine.Output(), "retrylint: `retrylint help` shows the usage")
	}

	if !vet && !hasConfigFlag(args) {
		// Fail before loading any package: a broken .retrylint.yaml would otherwise
		// surface as one analysis error per package.
		if wd, err := os.Getwd(); err == nil {
			if _, err := rules.ForDir(wd); err != nil {
				configFailed(err)
			}
		}
	}
	if !vet {
		if code, ok := standalone(args); ok {
			os.Exit(code)
		}
	} else if factsOnlyExternal(args) {
		// The unit still writes the package's types, which its importers read;
		// the fact types are registered in case an import's facts name them.
		for _, f := range retryscope.Analyzer.FactTypes {
			gob.Register(f)
		}
		unitchecker.Run(args[len(args)-1], nil)
	}
	if !vet && boolFlag(args, "fix") && !boolFlag(args, "diff") && !boolFlag(args, "json") && os.Getenv(fixChildEnv) == "" {
		os.Exit(fixThenReport(args))
	}
	if code, ok := maybeAddURLs(args, vet); ok {
		os.Exit(code)
	}
	// go vet and the x/tools checker (-fix, -diff) print `file:line:col:
	// message` themselves; the message then names the rule. go vet (go1.26)
	// passes -json both when its user asked for JSON and when it formats the
	// lines itself, so under vet the rule is named in either case.
	message.NameRule = vet || !boolFlag(args, "json")
	multichecker.Main(analyzers.All()...)
}

// fixChildEnv marks the copy of the process that applies the fixes.
const fixChildEnv = "RETRYLINT_FIX_CHILD"

// fixThenReport serves `retrylint -fix`: the x/tools checker applies the
// suggested fixes (in a child process: it exits when done) and says nothing
// of the findings that have no fix; then the same run without -fix prints
// what remains and exits 3 if anything does, so -fix never passes silently
// over findings it could not fix.
func fixThenReport(args []string) int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: -fix: %v\n", err)
		return 1
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), fixChildEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		fmt.Fprintf(os.Stderr, "retrylint: -fix: %v\n", err)
		return 1
	}
	var rest []string
	for _, a := range args {
		if a = oneDash(a); a != "-fix" && a != "-fix=true" {
			rest = append(rest, a)
		}
	}
	code, ok := standalone(rest)
	if !ok {
		return 0
	}
	if code == 3 {
		fmt.Fprintln(os.Stderr, "retrylint: -fix applied the fixes it had; the findings above have none")
	}
	return code
}

// vetPreflight fails a go vet unit, before any analysis, whose package's
// configuration is broken, or whose file names could not be printed safely.
// The error goes to stderr and the exit status is 2: go vet prints it with
// the package and never caches a failed run. (An analysis error would travel
// in the JSON go vet asks for, as "failed prerequisites", and go vet would
// cache that output as a result: the next run would pass.) A -config file is
// checked when the flag is parsed.
func vetPreflight(args []string) {
	cfg, ok := readVetConfig(args)
	if !ok || goroot.External(cfg.ModuleVersion, cfg.Dir) {
		return
	}
	for _, f := range cfg.GoFiles {
		if safetext.Line(f) != f {
			fmt.Fprintf(os.Stderr, "retrylint: %s: a file name holds control or invisible characters; rename it\n", safetext.Line(f))
			os.Exit(2)
		}
	}
	if !hasConfigFlag(args) && cfg.Dir != "" {
		if _, err := rules.ForDir(cfg.Dir); err != nil {
			configFailed(err)
		}
	}
}

// isVetRun reports whether go vet is driving the tool: it asks for -flags and
// -V=full, then passes one vet.cfg file per package after the flags.
func isVetRun(args []string) bool {
	if n := len(args); n > 0 && strings.HasSuffix(args[n-1], ".cfg") {
		return true
	}
	for _, a := range args {
		switch oneDash(a) {
		case "-flags", "-V=full", "-V":
			return true
		}
	}
	return false
}

// hasConfigFlag reports whether -config appears among args.
func hasConfigFlag(args []string) bool {
	for _, a := range args {
		a = oneDash(a)
		if a == "-config" || strings.HasPrefix(a, "-config=") {
			return true
		}
	}
	return false
}

// oneDash spells a flag with one dash; the flag package accepts one or two.
func oneDash(a string) string {
	if strings.HasPrefix(a, "--") {
		return a[1:]
	}
	return a
}

// configFlag is the global -config flag. Its Set loads the file at once: a bad file
// then fails the run with one line, before any package is loaded.
type configFlag struct {
	vet  bool
	path string
}

func (c *configFlag) String() string { return c.path }

func (c *configFlag) Set(p string) error {
	c.path = resolveConfig(p, c.vet)
	if c.vet && c.path != "" && !filepath.IsAbs(p) {
		if _, err := os.Stat(c.path); err != nil {
			// Name the file as the user typed it, not joined to a package
			// directory they never mentioned.
			configFailed(fmt.Errorf("-config %s: no such file in the package's directory or any directory above it", p))
		}
	}
	err := rules.SetConfigPath(c.path)
	if err == nil {
		_, err = rules.Load(c.path) // SetConfigPath only checks that the file exists
	}
	if err != nil {
		// Returning the error would make the flag package print it with the whole
		// usage text; a configuration error deserves exactly one line.
		configFailed(err)
	}
	return nil
}

// resolveConfig makes a config path absolute. Standalone, a relative path is
// relative to the working directory. Under go vet the tool runs in each package's
// directory, not where vet was invoked, so a relative path is looked up in the
// package directory and then in each parent: `go vet -config=ci/rules.yaml ./...`
// from a module root finds ci/rules.yaml from every package below it. It returns
// "" when vet analyses a dependency (the standard library, the module cache) from
// whose directory the file cannot be found: such a unit only computes facts, and
// failing it would fail every package that imports it.
func resolveConfig(p string, vet bool) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if !vet {
		return filepath.Join(wd, p)
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
			return filepath.Join(dir, p)
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	if cfg, ok := readVetConfig(os.Args[1:]); ok && cfg.VetxOnly {
		return ""
	}
	return filepath.Join(wd, p)
}

// configFailed reports a configuration error as `retrylint: file:line: message` and
// exits 2, the status of every usage and configuration error.
func configFailed(err error) {
	fmt.Fprintf(os.Stderr, "retrylint: %s\n", oneLine(err.Error()))
	os.Exit(2)
}

// oneLine keeps the first line of a message. A first line that only
// announces what follows (the go command's "errors parsing go.mod:") keeps
// the first line after it too, which names the cause, and says how many
// more there are.
func oneLine(s string) string {
	lines := strings.FieldsFunc(strings.TrimSpace(s), func(r rune) bool { return r == '\n' })
	if len(lines) == 0 {
		return ""
	}
	first := strings.TrimSpace(lines[0])
	if !strings.HasSuffix(first, ":") || len(lines) < 2 {
		return first
	}
	first += " " + strings.TrimSpace(lines[1])
	if more := len(lines) - 2; more > 0 {
		first += fmt.Sprintf(" (and %d more)", more)
	}
	return first
}
