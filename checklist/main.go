// Package checklist implements `retrylint checklist`: the merge-review report of
// a change. It joins the lines a diff touches with the engine's sites and the
// rules' findings, and answers each checklist item of rules.yaml with pass,
// fail, review or n/a, and the evidence behind the answer.
package checklist

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/retrylint/retrylint/internal/load"
	"github.com/retrylint/retrylint/internal/rules"
)

// Exit statuses.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

// Options is the parsed command line.
type Options struct {
	Base     string // -base REV
	DiffFile string // -diff FILE, "-" for stdin
	Format   string
	Output   string // -o FILE
	FailOn   string
	Config   string
	Patterns []string
	// BuildFlags are go build flags for loading the packages (-tags, -mod,
	// -modfile); GOFLAGS applies too.
	BuildFlags []string
	// Dir is where the command runs (the working directory for Main); tests
	// set it instead of changing directory.
	Dir   string
	Stdin io.Reader
	// Color forces colour on (true) or off (false) in the text format; nil
	// decides from the terminal and NO_COLOR.
	Color *bool
}

const usageText = `usage: retrylint checklist (-base REV | -diff FILE|-) [flags] [packages]

Answers the merge-review checklist for the code a change touches.
Exit status: 0 nothing at or above -fail-on, 1 an item failed, part of the
change could not be analysed (the report is incomplete), or, with -fail-on
review, an item needs review; 2 a usage, configuration or git error, or input
that is not a unified diff.

Flags:
`

// Main runs `retrylint checklist` with args (the words after "checklist") and
// returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	opts, err := parseFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if opts.Dir, err = os.Getwd(); err != nil {
		fmt.Fprintf(stderr, "retrylint checklist: %v\n", err)
		return exitUsage
	}
	opts.Stdin = os.Stdin
	return Run(opts, stdout, stderr)
}

func parseFlags(args []string, stderr io.Writer) (*Options, error) {
	fs := flag.NewFlagSet("retrylint checklist", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := &Options{}
	build := defineFlags(fs, o)
	fs.Usage = func() { PrintUsage(stderr) }
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	o.Patterns = fs.Args()
	o.BuildFlags = build.Args()
	if err := o.check(); err != nil {
		fmt.Fprintf(stderr, "retrylint checklist: %v\n", err)
		return nil, err
	}
	return o, nil
}

// PrintUsage writes the usage of `retrylint checklist` and its flags.
func PrintUsage(w io.Writer) {
	fs := flag.NewFlagSet("retrylint checklist", flag.ContinueOnError)
	fs.SetOutput(w)
	defineFlags(fs, &Options{})
	fmt.Fprint(w, usageText)
	fs.PrintDefaults()
}

// defineFlags defines the checklist's flags on fs, into o; the go build flags
// go into the returned holder.
func defineFlags(fs *flag.FlagSet, o *Options) *load.BuildFlags {
	fs.StringVar(&o.Base, "base", "", "compare with `git merge-base REV HEAD` (the working tree is the new side)")
	fs.StringVar(&o.DiffFile, "diff", "", "read the change as a unified diff from `FILE` (- for stdin)")
	fs.StringVar(&o.Format, "format", "text", "output `format`: "+strings.Join(formatNames(), ", "))
	fs.StringVar(&o.Output, "o", "", "write the report to `FILE` (atomically) instead of stdout")
	fs.StringVar(&o.FailOn, "fail-on", "fail", "exit 1 when an item is at least `level`: fail, review or never")
	fs.StringVar(&o.Config, "config", "", "rules `file` merged onto the built-in catalog")
	var build load.BuildFlags
	build.Register(fs)
	return &build
}

// check validates the flags together.
func (o *Options) check() error {
	switch {
	case (o.Base == "") == (o.DiffFile == ""):
		return errors.New("give exactly one of -base REV or -diff FILE (see -h)")
	case renderers[o.Format] == nil:
		return fmt.Errorf("unknown -format %q; use one of %s", o.Format, strings.Join(formatNames(), ", "))
	}
	switch o.FailOn {
	case "fail", "review", "never":
		return nil
	}
	return fmt.Errorf("unknown -fail-on %q; use fail, review or never", o.FailOn)
}

// Run builds the report for opts and writes it. It returns the exit status.
func Run(opts *Options, stdout, stderr io.Writer) int {
	if err := opts.check(); err != nil {
		fmt.Fprintf(stderr, "retrylint checklist: %v\n", err)
		return exitUsage
	}
	rep, err := Build(opts, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "retrylint checklist: %s\n", oneLine(err.Error()))
		return exitUsage
	}
	if err := write(opts, rep, stdout); err != nil {
		fmt.Fprintf(stderr, "retrylint checklist: %v\n", err)
		return exitUsage
	}
	return exitStatus(rep, opts.FailOn)
}

// exitStatus maps the report to 0 or 1 according to -fail-on.
func exitStatus(rep *Report, failOn string) int {
	s := rep.Summary
	switch {
	case failOn == "never":
		return exitOK
	case s.Fail > 0 || s.OtherFindings > 0 || s.Verdict == StatusIncomplete:
		return exitFail
	case failOn == "review" && s.Review > 0:
		return exitFail
	}
	return exitOK
}

// write renders the report to stdout or, with -o, to a file that appears
// whole or not at all.
func write(opts *Options, rep *Report, stdout io.Writer) error {
	r := renderers[opts.Format]
	if opts.Output == "" {
		return r(stdout, rep, colorFor(opts, stdout))
	}
	path := opts.Output
	if !filepath.IsAbs(path) {
		path = filepath.Join(opts.Dir, path)
	}
	return writeAtomic(path, func(w io.Writer) error { return r(w, rep, false) })
}

// configure applies -config; a bad file is a configuration error.
func configure(opts *Options) error {
	if opts.Config == "" {
		return nil
	}
	p := opts.Config
	if !filepath.IsAbs(p) {
		p = filepath.Join(opts.Dir, p)
	}
	return rules.SetConfigPath(p)
}

func oneLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
