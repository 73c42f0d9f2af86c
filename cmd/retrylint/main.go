// Command retrylint finds retry, timeout and idempotency mistakes in Go code.
//
// One binary serves every surface: the standalone checker (`retrylint ./...`),
// `go vet -vettool`, the review checklist (`retrylint checklist`) and the catalog
// (`retrylint rules`, `retrylint knowledge`, `retrylint version`, `retrylint help`). Run `retrylint help`
// for the usage of each.
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/retrylint/retrylint/checklist"
)

func main() {
	args, err := chdirFlag(os.Args[1:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
		os.Exit(2)
	}
	if len(args) == 0 {
		// The checker would print a three-line hint and exit 1; a missing
		// argument is a usage error, and the full usage is more help.
		printHelp(os.Stderr)
		os.Exit(2)
	}
	// The subcommands are bare words in first position. go vet never calls its tool
	// that way (it passes flags or a .cfg file), so this cannot steal a vet run.
	switch args[0] {
	case "checklist":
		os.Exit(checklist.Main(args[1:], os.Stdout, os.Stderr))
	case "rules":
		os.Exit(rulesMain(args[1:], os.Stdout, os.Stderr))
	case "knowledge":
		os.Exit(knowledgeMain(args[1:], os.Stdout, os.Stderr))
	case "version":
		os.Exit(versionMain(args[1:], os.Stdout, os.Stderr))
	case "help":
		os.Exit(helpMain(args[1:], os.Stdout, os.Stderr))
	}
	os.Args = append(os.Args[:1:1], args...)
	analyze(args)
}

// chdirFlag implements a leading `-C dir` (as in `go -C dir`): change to dir before
// anything else, so that `go run ./cmd/retrylint -C testdata/example ./...` can
// analyse a module other than the one the binary is built from. It returns the
// remaining arguments.
func chdirFlag(args []string) ([]string, error) {
	if len(args) == 0 {
		return args, nil
	}
	a := oneDash(args[0])
	var dir string
	switch {
	case a == "-C":
		if len(args) < 2 {
			return nil, fmt.Errorf("flag -C needs a directory")
		}
		dir, args = args[1], args[2:]
	case strings.HasPrefix(a, "-C="):
		dir, args = a[len("-C="):], args[1:]
	default:
		return args, nil
	}
	if err := os.Chdir(dir); err != nil {
		return nil, fmt.Errorf("-C: %v", err)
	}
	// The go command, run by the package loader, trusts $PWD when it names the
	// current directory; keep it true.
	if wd, err := os.Getwd(); err == nil {
		os.Setenv("PWD", wd)
	}
	return args, nil
}
