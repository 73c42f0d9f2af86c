package checklist

import (
	"bytes"
	"strings"
	"testing"
)

// hostile are strings a change can put into a report through file names,
// identifiers, string constants quoted in type errors, or messages.
var hostile = []string{
	"@octocat please merge",
	"see #1 and org/repo#2",
	"<img src=x onerror=alert(1)>",
	"<!-- retrylint-checklist -->",
	"[click](https://evil.example) ![i](https://evil.example/x.png)",
	"https://evil.example and www.evil.example",
	"**bold** __init__ `code` ~~gone~~ $x^2$",
	"- [x] **PASS** forged item",
	"1. ordered\n# heading\n> quote",
	"| a | b |",
	"</details><details open>",
	"&lt;entity&gt; &#64;",
	"::error file=x,line=1::forged",
	"100% done\r\n::warning::x",
	"\x1b[31mred\x1b[0m \u202eevil\u202c zero\u200bwidth",
	"back\\slash",
}

func TestMarkdownEscaping(t *testing.T) {
	for _, s := range hostile {
		for _, out := range []string{mdText(s), mdCode(s)} {
			checkMarkdownSafe(t, s, out)
		}
	}
}

// checkMarkdownSafe fails when out still holds something GitHub would turn
// into markup, a mention, a reference or a link.
func checkMarkdownSafe(t *testing.T, in, out string) {
	t.Helper()
	if strings.ContainsAny(out, "\n\r\x1b") || strings.Contains(out, "\u202e") {
		t.Errorf("%q -> %q: line break, escape or bidi control left", in, out)
	}
	if strings.HasPrefix(out, "`") {
		// A code span: only a fence as long as the content's runs may close it.
		return
	}
	for i := 0; i < len(out); i++ {
		c := out[i]
		if c == '\\' {
			i++ // an escaped character
			if i < len(out) && (out[i] == '@' || out[i] == '#') && !strings.HasPrefix(out[i+1:], zwj) {
				t.Errorf("%q -> %q: %c without a zero-width joiner", in, out, out[i])
			}
			continue
		}
		if strings.IndexByte("<>[]()*_`~|!#@$", c) >= 0 {
			t.Errorf("%q -> %q: unescaped %q at %d", in, out, c, i)
		}
	}
	if strings.Contains(out, "://") || strings.Contains(strings.ToLower(out), "www.") {
		t.Errorf("%q -> %q: autolink left", in, out)
	}
}

func TestMarkdownCodeFence(t *testing.T) {
	cases := map[string]string{
		"plain":     "`plain`",
		"a`b":       "``a`b``",
		"`x`":       "`` `x` ``",
		"a``b```c":  "````a``b```c````",
		"":          "` `",
		"two\nline": "`two line`",
	}
	for in, want := range cases {
		if got := mdCode(in); got != want {
			t.Errorf("mdCode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMarkdownURL(t *testing.T) {
	if got := mdURL("javascript:alert(1)"); got != "" {
		t.Errorf("javascript URL kept: %q", got)
	}
	if got := mdURL("https://x.example/a (b)<c>"); got != "https://x.example/a%20%28b%29%3Cc%3E" {
		t.Errorf("mdURL = %q", got)
	}
}

func TestGitHubEscaping(t *testing.T) {
	for _, s := range hostile {
		for _, out := range []string{ghData(s), ghProp(s)} {
			if strings.ContainsAny(out, "\r\n\x1b") {
				t.Errorf("%q -> %q: line break or escape left", s, out)
			}
		}
		if p := ghProp(s); strings.ContainsAny(p, ":,") {
			t.Errorf("property %q -> %q: ':' or ',' left", s, p)
		}
	}
	if got := ghData("100% done\r\nnext"); got != "100%25 done%0D%0Anext" {
		t.Errorf("ghData = %q", got)
	}
}

// A whole report made of hostile text renders without injected markup or
// commands in any format.
func TestRenderersEscapeHostileReport(t *testing.T) {
	evil := strings.Join(hostile, " ")
	rep := &Report{
		Schema: Schema,
		Scope: Scope{Base: "main", Files: []FileScope{{Path: "a/" + evil + ".go", Status: "added", Analyzed: true,
			Lines: []LineRange{{1, 2}}}}},
		Summary: Summary{Verdict: StatusFail, Fail: 1},
		Items: []Item{{ID: "x", Question: "Q?", Status: StatusFail, Decision: "auto", Reason: "1 finding",
			Rules: []RuleRef{{Name: "r", State: stateAvailable, URL: "https://example.com/r"}},
			Findings: []Finding{{Rule: "r", Severity: "error", File: evil + ".go", Line: 3, Column: 1,
				Function: evil, Message: evil, URL: "https://example.com/r", Fingerprint: "f"}}}},
		Packages: []Package{{Path: "p", Errors: []string{evil}}},
	}
	rep.Findings = rep.Items[0].Findings
	var md, gh bytes.Buffer
	if err := renderMarkdown(&md, rep, false); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(md.String(), Marker); n != 1 {
		t.Errorf("markdown holds the marker %d times, want 1 (its own)", n)
	}
	prose := stripCodeSpans(md.String())
	for _, bad := range []string{"<img", "<details open", "](https://evil", "\n- [x] **PASS** forged", "@octocat", "\x1b"} {
		if strings.Contains(prose, bad) {
			t.Errorf("markdown contains %q:\n%s", bad, md.String())
		}
	}
	if err := renderGitHub(&gh, rep, false); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(gh.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Errorf("want 2 workflow commands (finding, summary), got %d:\n%s", len(lines), gh.String())
	}
	for _, line := range lines {
		checkCommand(t, line)
	}
	var txt bytes.Buffer
	if err := renderText(&txt, rep, false); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(txt.String(), "\x1b\u202e") {
		t.Errorf("text output holds an escape or bidi control:\n%q", txt.String())
	}
}

// checkCommand parses a workflow command as the runner does and checks that
// its properties are the ones the renderer writes, nothing smuggled in.
func checkCommand(t *testing.T, line string) {
	t.Helper()
	rest, ok := strings.CutPrefix(line, "::")
	if !ok {
		t.Errorf("not a workflow command: %q", line)
		return
	}
	head, _, ok := strings.Cut(rest, "::")
	if !ok {
		t.Errorf("no data separator: %q", line)
		return
	}
	cmd, props, _ := strings.Cut(head, " ")
	if cmd != "error" && cmd != "warning" && cmd != "notice" {
		t.Errorf("command %q in %q", cmd, line)
	}
	allowed := map[string]bool{"file": true, "line": true, "col": true, "endLine": true, "title": true}
	for _, p := range strings.Split(props, ",") {
		if p == "" {
			continue
		}
		k, _, _ := strings.Cut(p, "=")
		if !allowed[k] {
			t.Errorf("unexpected property %q in %q", k, line)
		}
	}
}

// stripCodeSpans removes inline code spans (their content is shown
// literally) so the rest can be searched for markup.
func stripCodeSpans(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			return b.String() + s
		}
		b.WriteString(s[:i])
		n := len(s[i:]) - len(strings.TrimLeft(s[i:], "`"))
		fence := s[i : i+n]
		rest := s[i+n:]
		j := closingFence(rest, fence)
		if j < 0 {
			return b.String() + s[i:]
		}
		s = rest[j+n:]
	}
}

// closingFence finds a run of exactly len(fence) backticks.
func closingFence(s, fence string) int {
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], fence)
		if j < 0 {
			return -1
		}
		j += i
		end := j + len(fence)
		if (j == 0 || s[j-1] != '`') && (end == len(s) || s[end] != '`') {
			return j
		}
		i = end
		for i < len(s) && s[i] == '`' {
			i++
		}
	}
	return -1
}

// Colour is on only when asked for (a terminal without NO_COLOR, decided by
// colorFor); a buffer or -o file never gets escape codes.
func TestTextColor(t *testing.T) {
	rep := &Report{Summary: Summary{Verdict: StatusFail, Fail: 1},
		Items: []Item{{ID: "x", Question: "Q?", Status: StatusFail, Reason: "r"}}}
	var on, off bytes.Buffer
	if err := renderText(&on, rep, true); err != nil {
		t.Fatal(err)
	}
	if err := renderText(&off, rep, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(on.String(), "\x1b[") {
		t.Errorf("no colour with color=true:\n%q", on.String())
	}
	if strings.Contains(off.String(), "\x1b[") {
		t.Errorf("colour with color=false:\n%q", off.String())
	}
	if colorFor(&Options{}, &off) {
		t.Error("colorFor chose colour for a buffer")
	}
	yes := true
	if !colorFor(&Options{Color: &yes}, &off) {
		t.Error("colorFor ignored Options.Color")
	}
}
