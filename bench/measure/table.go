package main

import (
	"fmt"
	"io"
	"strings"
)

// The tool names bench/run uses; the ratio table needs them.
const (
	toolFloor      = "floor"
	toolLint       = "retrylint"
	toolVet        = "go-vet"
	toolVetLint    = "vet-retrylint"
	toolFloorFacts = "floor-facts"
	toolVetFloor   = "vet-floor"
	toolLintXTools = "retrylint-xtools"
)

// printTables writes markdown tables: the medians of every (target, tool), the
// ratios the goals of docs/performance.md are stated in, and with -facts runs
// the ratios that tell facts from analysis.
func printTables(w io.Writer, path string) error {
	rs, err := readResults(path)
	if err != nil {
		return err
	}
	ms, targets, tools := medians(rs)

	fmt.Fprintln(w, "| target | tool | runs | wall s | CPU s | max RSS MB | tree RSS MB | exit |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---|")
	for _, t := range targets {
		for _, tool := range tools {
			m := ms[[2]string{t, tool}]
			if m == nil {
				continue
			}
			fmt.Fprintf(w, "| %s | %s | %d | %.2f | %.2f | %.0f | %.0f | %s |\n",
				t, tool, m.n, m.wall, m.cpu, m.maxRSS, m.treeRSS, exits(m.exits))
		}
	}

	fmt.Fprintln(w)
	fmt.Fprintln(w, "| target | retrylint / go vet (wall, CPU) | retrylint / floor (wall, CPU) | vet+retrylint / go vet (wall, CPU) | RSS retrylint / floor |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|")
	for _, t := range targets {
		get := func(tool string) *median { return ms[[2]string{t, tool}] }
		lint, vet, floor, vetLint := get(toolLint), get(toolVet), get(toolFloor), get(toolVetLint)
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", t,
			pair(lint, vet), pair(lint, floor), pair(vetLint, vet), rss(lint, floor))
	}
	printFactsTable(w, ms, targets)
	return nil
}

// printFactsTable adds the ratios that separate what facts cost from what the
// analysis costs, when bench/run -facts measured the tools for it.
func printFactsTable(w io.Writer, ms map[[2]string]*median, targets []string) {
	if !hasTool(ms, toolFloorFacts) {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| target | floor-facts / floor (wall, CPU) | retrylint-xtools / retrylint (wall, CPU) | RSS retrylint-xtools / retrylint | vet+retrylint / vet+floor (wall, CPU) |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|")
	for _, t := range targets {
		get := func(tool string) *median { return ms[[2]string{t, tool}] }
		floor, lint, xtools := get(toolFloor), get(toolLint), get(toolLintXTools)
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", t, pair(get(toolFloorFacts), floor),
			pair(xtools, lint), rss(xtools, lint), pair(get(toolVetLint), get(toolVetFloor)))
	}
}

func hasTool(ms map[[2]string]*median, tool string) bool {
	for k := range ms {
		if k[1] == tool {
			return true
		}
	}
	return false
}

// rss formats the ratio of the largest single process of a over b.
func rss(a, b *median) string {
	if a == nil || b == nil {
		return "–"
	}
	return ratio(a.maxRSS, b.maxRSS)
}

// pair formats the wall and CPU ratios of a over b.
func pair(a, b *median) string {
	if a == nil || b == nil {
		return "–"
	}
	return ratio(a.wall, b.wall) + ", " + ratio(a.cpu, b.cpu)
}

func ratio(a, b float64) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

// exits lists the distinct exit codes of the runs (retrylint exits 3 and go vet
// 1 when they report findings; anything else deserves a look at the logs).
func exits(codes []int) string {
	var seen []string
	for _, c := range codes {
		seen = addOnce(seen, fmt.Sprint(c))
	}
	return strings.Join(seen, ",")
}
