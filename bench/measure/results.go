package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

const header = "target\ttool\twall_s\tcpu_s\tmaxrss_mb\ttreerss_mb\texit"

// appendResult adds a line to the TSV results file, writing the header first
// when the file is new.
func appendResult(path string, r *Result) error {
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if os.IsNotExist(statErr) {
		fmt.Fprintln(f, header)
	}
	fmt.Fprintf(f, "%s\t%s\t%.3f\t%.3f\t%.1f\t%.1f\t%d\n",
		r.Target, r.Tool, r.Wall, r.CPU, r.MaxRSS, r.TreeRSS, r.Exit)
	return f.Close()
}

// readResults parses a results file.
func readResults(path string) ([]*Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*Result
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		t := sc.Text()
		if t == "" || t == header {
			continue
		}
		c := strings.Split(t, "\t")
		if len(c) != 7 {
			return nil, fmt.Errorf("%s:%d: want 7 columns, have %d", path, line, len(c))
		}
		r := &Result{Target: c[0], Tool: c[1]}
		nums := []*float64{&r.Wall, &r.CPU, &r.MaxRSS, &r.TreeRSS}
		for i, p := range nums {
			if *p, err = strconv.ParseFloat(c[2+i], 64); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, line, err)
			}
		}
		if r.Exit, err = strconv.Atoi(c[6]); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		out = append(out, r)
	}
	return out, sc.Err()
}

// median of the runs of one (target, tool) pair, field by field.
type median struct {
	n                          int
	wall, cpu, maxRSS, treeRSS float64
	exits                      []int
}

func medians(rs []*Result) (map[[2]string]*median, []string, []string) {
	groups := make(map[[2]string][]*Result)
	var targets, tools []string
	for _, r := range rs {
		k := [2]string{r.Target, r.Tool}
		if len(groups[k]) == 0 {
			targets, tools = addOnce(targets, r.Target), addOnce(tools, r.Tool)
		}
		groups[k] = append(groups[k], r)
	}
	out := make(map[[2]string]*median)
	for k, g := range groups {
		m := &median{n: len(g)}
		m.wall = med(g, func(r *Result) float64 { return r.Wall })
		m.cpu = med(g, func(r *Result) float64 { return r.CPU })
		m.maxRSS = med(g, func(r *Result) float64 { return r.MaxRSS })
		m.treeRSS = med(g, func(r *Result) float64 { return r.TreeRSS })
		for _, r := range g {
			m.exits = append(m.exits, r.Exit)
		}
		out[k] = m
	}
	return out, targets, tools
}

func med(g []*Result, f func(*Result) float64) float64 {
	v := make([]float64, len(g))
	for i, r := range g {
		v[i] = f(r)
	}
	sort.Float64s(v)
	if n := len(v); n%2 == 0 {
		return (v[n/2-1] + v[n/2]) / 2
	}
	return v[len(v)/2]
}

func addOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
