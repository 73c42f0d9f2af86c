package checklist

import (
	"regexp"
	"strings"
	"testing"
)

// hostileSvc quotes a raw string literal with a line break, a workflow
// command, an ESC sequence and a bidi override in a fixedsleep message, and
// has a directive that names no rule.
const hostileSvc = "package svc\n\nimport (\n\t\"net/http\"\n\t\"time\"\n)\n\n" +
	"// Get retries with a fixed sleep.\nfunc Get(url string) (*http.Response, error) {\n" +
	"\tvar err error\n\tfor i := 0; i < 10; i++ {\n\t\tvar resp *http.Response\n" +
	"\t\tif resp, err = http.Get(url); err == nil {\n\t\t\treturn resp, nil\n\t\t}\n" +
	"\t\ttime.Sleep(time.Duration(len(`1s\x1b[31m\u202e\n::error::pwned`))) //retrylint:ignore <img because\n" +
	"\t}\n\treturn nil, err\n}\n"

// TestHostileInEveryFormat: the literal reaches no format raw, the whole
// message is kept, and the directive problem is filed under
// retrylint-directive, never under a rule.
func TestHostileInEveryFormat(t *testing.T) {
	dir := prRepo(t, map[string]string{"svc/svc.go": hostileSvc})
	raw := regexp.MustCompile("(?m)^::error::|\x1b|\u202e")
	for _, format := range []string{"text", "markdown", "json", "sarif", "github"} {
		_, out, stderr := runCmd(t, dir, "-base", "HEAD~1", "-format", format)
		if raw.MatchString(out) {
			t.Errorf("%s: raw text from the literal:\n%s", format, out)
		}
		if !strings.Contains(out, "pwned") {
			t.Errorf("%s: the fixedsleep message is missing or cut:\n%s%s", format, out, stderr)
		}
		if !strings.Contains(strings.ReplaceAll(out, `\`, ""), "retrylint-directive") { // markdown escapes "-"
			t.Errorf("%s: the directive problem is not under retrylint-directive:\n%s", format, out)
		}
		if regexp.MustCompile(`retryall\W+[^\n]*unknown rule`).MatchString(out) {
			t.Errorf("%s: the directive problem is filed under retryall:\n%s", format, out)
		}
	}
}
