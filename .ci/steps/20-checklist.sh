#!/usr/bin/env bash
# 20-checklist: `retrylint checklist -base HEAD~1` end to end, as a reviewer runs
# it from a fresh clone: build the binary, make a scratch repository with a base
# commit and a change to retry code, and check every format and the exit status.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
step=20-checklist
say() { echo "$step: $*"; }
die() {
	echo "$step: FAIL: $*" >&2
	exit 1
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/retrylint-checklist.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/retrylint
(cd "$root" && go build -o "$bin" ./cmd/retrylint)

repo=$tmp/repo
mkdir -p "$repo/svc"
cd "$repo"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=ci GIT_AUTHOR_EMAIL=ci@example.com GIT_COMMITTER_NAME=ci GIT_COMMITTER_EMAIL=ci@example.com
git init -q -b main
printf 'module example.com/scratch\n\ngo 1.22\n' >go.mod
cat >svc/svc.go <<'GO'
package svc

import "net/http"

// Get fetches url once.
func Get(c *http.Client, url string) (*http.Response, error) { return c.Get(url) }
GO
git add -A && git commit -qm base

cat >svc/svc.go <<'GO'
package svc

import (
	"net/http"
	"time"
)

// Get retries every error with a fixed sleep that ignores cancellation.
func Get(c *http.Client, url string) (*http.Response, error) {
	var err error
	for i := 0; i < 20; i++ {
		var resp *http.Response
		if resp, err = get(c, url); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// statusError is an answer other than 200 OK, turned into an error: a 404 or
// a 403 is the server's verdict, which no retry changes.
type statusError string

func (e statusError) Error() string { return string(e) }

func get(c *http.Client, url string) (*http.Response, error) {
	resp, err := c.Get(url)
	if err == nil && resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, statusError(resp.Status)
	}
	return resp, err
}
GO
git commit -qam "retry Get"

say "retrylint checklist -base HEAD~1 (expect failing items: exit 1)"
set +e
"$bin" checklist -base HEAD~1 >"$tmp/report.txt" 2>"$tmp/stderr.txt"
code=$?
set -e
cat "$tmp/report.txt" "$tmp/stderr.txt"
[[ $code -eq 1 ]] || die "exit $code, want 1"
grep -q '^FAIL *classify-before-retry' "$tmp/report.txt" || die "classify-before-retry did not fail"
grep -q 'svc/svc.go:11: \[retryall\]' "$tmp/report.txt" || die "no retryall finding at svc/svc.go:11"

for f in markdown json sarif github; do
	"$bin" checklist -base HEAD~1 -format "$f" -fail-on never -o "$tmp/report.$f" || die "-format $f failed"
	[[ -s $tmp/report.$f ]] || die "-format $f wrote nothing"
done
head -1 "$tmp/report.markdown" | grep -qx '<!-- retrylint-checklist -->' || die "markdown lacks the marker line"
grep -q '"schema": "retrylint.checklist/v1"' "$tmp/report.json" || die "json lacks the schema"
grep -q '"version": "2.1.0"' "$tmp/report.sarif" || die "sarif lacks the version"
grep -Eq '^::(error|warning) file=svc/svc.go,line=11,' "$tmp/report.github" || die "github lacks the retryall annotation"

say "the diff on stdin gives the same json"
git diff HEAD~1 | "$bin" checklist -diff - -format json -fail-on never >"$tmp/stdin.json"
diff <(grep -v '"base"\|"mergeBase"\|"diff"' "$tmp/report.json") <(grep -v '"base"\|"mergeBase"\|"diff"' "$tmp/stdin.json") ||
	die "-diff - and -base disagree"

say "a missing base is exit 2 with one line"
set +e
"$bin" checklist -base origin/main 2>"$tmp/err.txt"
code=$?
set -e
[[ $code -eq 2 ]] || die "missing base: exit $code, want 2"
grep -q 'git fetch origin main' "$tmp/err.txt" || die "missing base: no fetch hint: $(cat "$tmp/err.txt")"
say "ok"
