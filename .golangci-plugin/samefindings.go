//go:build ignore

// samefindings checks that retrylint's surfaces report the same findings.
//
// It reads the output of standalone retrylint (-json), of go vet -vettool (-json,
// the stderr stream) and of golangci-lint (--output.json.path), reduces each
// finding to (file, line, rule) and compares every -got set with the -want set.
// Any difference, an analysis error in the output, or an empty -want set is a
// failure (exit 1), printed with the findings that differ.
//
//	go run .golangci-plugin/samefindings.go -dir testdata/example \
//	    -want standalone=out.json -got vet=vet.txt -got golangci=gcl.json
//
// golangci-lint prints plugin findings under the linter name "retrylint" with the
// rule in front of the message ("retryall: ..."); that prefix is the rule.
//
// -drop FILE:LINE[-LINE]:RULE removes findings from the -want set first (RULE may
// be "*"), for checks that a suppression silenced exactly those findings; each
// -drop must match at least one. KIND@DIR=FILE reads the output of a copy of the
// module in DIR.
// -pick prints "FILE LINE RULE" of the first wanted finding whose source line ends
// in a "// BAD:" marker, and exits.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// finding is one reported problem, reduced to what every surface prints.
type finding struct {
	File string // slash-separated, relative to -dir
	Line int
	Rule string
}

func (f finding) String() string { return fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.Rule) }

type set map[finding]int

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func main() {
	dir := flag.String("dir", ".", "directory the findings' files are relative to")
	want := flag.String("want", "", "reference output, KIND[@DIR]=FILE (KIND: standalone, vet, golangci)")
	pick := flag.Bool("pick", false, "print FILE LINE RULE of a finding on a '// BAD:' line and exit")
	var got, drops listFlag
	flag.Var(&got, "got", "output to compare with -want, KIND[@DIR]=FILE (repeatable)")
	flag.Var(&drops, "drop", "FILE:LINE[-LINE]:RULE to remove from -want first (repeatable)")
	flag.Parse()

	base, err := filepath.Abs(*dir)
	check(err)
	ref, err := load(*want, base)
	check(err)
	if len(ref) == 0 {
		fail("%s: no findings at all; the example must produce some for the comparison to mean anything", *want)
	}
	if *pick {
		f, ok := pickMarked(ref, base)
		if !ok {
			fail("no finding of %s lies on a line with a // BAD: marker", *want)
		}
		fmt.Printf("%s %d %s\n", f.File, f.Line, f.Rule)
		return
	}
	for _, d := range drops {
		n, err := drop(ref, d)
		check(err)
		if n == 0 {
			fail("-drop %s: %s has no such finding", d, *want)
		}
	}
	ok := true
	for _, g := range got {
		other, err := load(g, base)
		check(err)
		ok = compare(*want, ref, g, other) && ok
	}
	if !ok {
		os.Exit(1)
	}
	fmt.Printf("samefindings: %d findings, identical in %s and %s\n", len(ref), *want, strings.Join(got, ", "))
}

func check(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "samefindings: FAIL: "+format+"\n", args...)
	os.Exit(1)
}

// compare prints the findings only one side has and reports whether there are none.
func compare(wantName string, want set, gotName string, got set) bool {
	var missing, extra []string
	for f := range want {
		if got[f] == 0 {
			missing = append(missing, f.String())
		}
	}
	for f := range got {
		if want[f] == 0 {
			extra = append(extra, f.String())
		}
	}
	if len(missing)+len(extra) == 0 {
		return true
	}
	sort.Strings(missing)
	sort.Strings(extra)
	fmt.Fprintf(os.Stderr, "samefindings: FAIL: %s differs from %s\n", gotName, wantName)
	for _, m := range missing {
		fmt.Fprintf(os.Stderr, "  only in %s: %s\n", wantName, m)
	}
	for _, e := range extra {
		fmt.Fprintf(os.Stderr, "  only in %s: %s\n", gotName, e)
	}
	return false
}

// drop removes the findings a FILE:LINE[-LINE]:RULE spec names and returns how many.
func drop(s set, spec string) (int, error) {
	parts := strings.Split(spec, ":")
	if len(parts) != 3 {
		return 0, fmt.Errorf("-drop %q: want FILE:LINE[-LINE]:RULE", spec)
	}
	from, to, isRange := strings.Cut(parts[1], "-")
	if !isRange {
		to = from
	}
	first, err1 := strconv.Atoi(from)
	last, err2 := strconv.Atoi(to)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("-drop %q: bad line", spec)
	}
	n := 0
	for f := range s {
		if f.File == parts[0] && first <= f.Line && f.Line <= last && (parts[2] == "*" || f.Rule == parts[2]) {
			delete(s, f)
			n++
		}
	}
	return n, nil
}

// pickMarked returns the first finding, in file and line order, whose source line
// carries a trailing "// BAD:" marker that names its rule.
func pickMarked(s set, base string) (finding, bool) {
	var all []finding
	for f := range s {
		all = append(all, f)
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].File != all[j].File {
			return all[i].File < all[j].File
		}
		if all[i].Line != all[j].Line {
			return all[i].Line < all[j].Line
		}
		return all[i].Rule < all[j].Rule
	})
	for _, f := range all {
		data, err := os.ReadFile(filepath.Join(base, filepath.FromSlash(f.File)))
		if err != nil {
			continue
		}
		lines := bytes.Split(data, []byte("\n"))
		if f.Line < 1 || f.Line > len(lines) {
			continue
		}
		_, marker, ok := strings.Cut(string(lines[f.Line-1]), "// BAD:")
		if ok && strings.Contains(marker, f.Rule) {
			return f, true
		}
	}
	return finding{}, false
}

// load reads KIND[@DIR]=FILE into a set of findings; DIR, when given, replaces
// base (for outputs of a copy of the module).
func load(spec, base string) (set, error) {
	kind, file, ok := strings.Cut(spec, "=")
	if !ok {
		return nil, fmt.Errorf("%q: want KIND[@DIR]=FILE", spec)
	}
	if k, dir, ok := strings.Cut(kind, "@"); ok {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, err
		}
		kind, base = k, abs
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var s set
	switch kind {
	case "standalone":
		s, err = parseAnalysisJSON(data, base)
	case "vet":
		s, err = parseVet(data, base)
	case "golangci":
		s, err = parseGolangci(data, base)
	default:
		return nil, fmt.Errorf("%q: unknown kind %q (want standalone, vet or golangci)", spec, kind)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return s, nil
}

// analysisJSON is the -json tree of the x/tools checkers:
// package -> analyzer -> diagnostics, or {"error": "..."}.
type analysisJSON map[string]map[string]json.RawMessage

type jsonDiagnostic struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

func parseAnalysisJSON(data []byte, base string) (set, error) {
	s := make(set)
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var tree analysisJSON
		if err := dec.Decode(&tree); err != nil {
			if errors.Is(err, io.EOF) {
				return s, nil
			}
			return nil, err
		}
		if err := addTree(s, tree, base); err != nil {
			return nil, err
		}
	}
}

func addTree(s set, tree analysisJSON, base string) error {
	for pkg, byAnalyzer := range tree {
		for analyzer, raw := range byAnalyzer {
			var failed struct {
				Error string `json:"error"`
			}
			if json.Unmarshal(raw, &failed) == nil && failed.Error != "" {
				return fmt.Errorf("%s: analyzer %s failed: %s", pkg, analyzer, failed.Error)
			}
			var diags []jsonDiagnostic
			if err := json.Unmarshal(raw, &diags); err != nil {
				return fmt.Errorf("%s: %s: %v", pkg, analyzer, err)
			}
			for _, d := range diags {
				f, err := position(d.Posn, base)
				if err != nil {
					return err
				}
				f.Rule = analyzer
				s[f]++
			}
		}
	}
	return nil
}

// parseVet reads what go vet -json prints (stdout and stderr together): a JSON
// tree per package, preceded by a "# package" line in older Go versions.
// "go: downloading" lines are skipped; any other text (build errors) is a failure.
func parseVet(data []byte, base string) (set, error) {
	s := make(set)
	var chunk bytes.Buffer
	flush := func() error {
		if strings.TrimSpace(chunk.String()) == "" {
			return nil
		}
		t, err := parseAnalysisJSON(chunk.Bytes(), base)
		chunk.Reset()
		if err != nil {
			return err
		}
		for f, n := range t {
			s[f] += n
		}
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "go: downloading ") {
			continue
		}
		if strings.HasPrefix(line, "# ") {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		if chunk.Len() == 0 && line != "" && !strings.HasPrefix(line, "{") {
			return nil, fmt.Errorf("go vet printed %q", line)
		}
		chunk.WriteString(line)
		chunk.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return s, flush()
}

// parseGolangci reads golangci-lint's JSON output.
func parseGolangci(data []byte, base string) (set, error) {
	var out struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename string
				Line     int
			}
		}
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, err
	}
	s := make(set)
	for _, is := range out.Issues {
		if is.FromLinter != "retrylint" {
			return nil, fmt.Errorf("unexpected linter %q: %s", is.FromLinter, is.Text)
		}
		rule, _, ok := strings.Cut(is.Text, ": ")
		if !ok || strings.ContainsAny(rule, " \t") {
			return nil, fmt.Errorf("no rule name in front of %q", is.Text)
		}
		f, err := position(fmt.Sprintf("%s:%d", is.Pos.Filename, is.Pos.Line), base)
		if err != nil {
			return nil, err
		}
		f.Rule = rule
		s[f]++
	}
	return s, nil
}

// position turns "file:line:col" or "file:line" into a finding whose file is
// relative to base.
func position(posn, base string) (finding, error) {
	parts := strings.Split(posn, ":")
	numeric := func(i int) bool {
		_, err := strconv.Atoi(parts[i])
		return i > 0 && err == nil
	}
	n := len(parts) - 1 // index of the line number
	if numeric(n) && numeric(n-1) {
		n--
	}
	if !numeric(n) {
		return finding{}, fmt.Errorf("bad position %q", posn)
	}
	line, _ := strconv.Atoi(parts[n])
	file := strings.Join(parts[:n], ":")
	if !filepath.IsAbs(file) {
		file = filepath.Join(base, file)
	}
	rel, err := filepath.Rel(base, file)
	if err != nil {
		return finding{}, err
	}
	return finding{File: filepath.ToSlash(rel), Line: line}, nil
}
