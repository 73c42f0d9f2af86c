// Command measure runs one command and appends its cost to a results file, or
// turns a results file into the markdown tables of docs/performance.md.
//
//	measure -o FILE -target T -tool NAME [-dir D] -- command args...
//	measure -table FILE
//
// A run records wall time, CPU time (user+sys of the command and every descendant
// it waited for, from wait4's rusage), the largest resident set of any single
// process of the tree (rusage maxrss) and the peak of the whole tree's resident
// memory summed over its processes, sampled from /proc every 20ms (go vet runs
// one tool process per package, several at once). It needs nothing but Linux.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	out := flag.String("o", "", "append the run to this results `file`")
	target := flag.String("target", "", "name of the target (packages measured)")
	tool := flag.String("tool", "", "name of the tool measured")
	dir := flag.String("dir", "", "run the command in this `directory`")
	logFile := flag.String("log", "", "write the command's output to this `file` (default: discard)")
	table := flag.String("table", "", "print the markdown tables of a results `file` and exit")
	flag.Parse()

	if *table != "" {
		if err := printTables(os.Stdout, *table); err != nil {
			fail(err)
		}
		return
	}
	if *out == "" || *target == "" || *tool == "" || flag.NArg() == 0 {
		fail(fmt.Errorf("usage: measure -o FILE -target T -tool NAME [-dir D] -- command args..."))
	}
	r, err := run(*dir, *logFile, flag.Args())
	if err != nil {
		fail(err)
	}
	r.Target, r.Tool = *target, *tool
	if err := appendResult(*out, r); err != nil {
		fail(err)
	}
	fmt.Fprintf(os.Stderr, "  %-8s %-14s wall %6.2fs  cpu %6.2fs  rss %5.0fMB  tree %5.0fMB  exit %d\n",
		r.Target, r.Tool, r.Wall, r.CPU, r.MaxRSS, r.TreeRSS, r.Exit)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "measure:", err)
	os.Exit(2)
}
