#!/usr/bin/env bash
# 30-golangci-plugin: golangci-lint with the retrylint module plugin, end to end.
#
#  1. builds retrylint and, with .golangci-plugin/build-custom-gcl, a golangci-lint
#     that has the plugin compiled in (cold: ~8 minutes on 2 cores, then cached);
#  2. runs standalone retrylint, go vet -vettool and the custom golangci-lint (with
#     the example .golangci.yml, as it stands) on testdata/example and checks that
#     all three report the same (file, line, rule) findings;
#  3. checks that //nolint:retrylint and //retrylint:ignore silence a finding, in a
#     temp copy of the example with one `// BAD:` line changed;
#  4. checks that bad plugin settings (unknown key, unknown rule) stop golangci-lint
#     with a readable error.
#
# The binary is kept in $RETRYLINT_CACHE_DIR (default ~/.cache/retrylint) so the
# next run only relinks it when the plugin's sources changed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
step=30-golangci-plugin
say() { echo "$step: [$((SECONDS))s] $*"; }
die() {
	echo "$step: FAIL: $*" >&2
	exit 1
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/retrylint-gcl.XXXXXX")
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

cache=${RETRYLINT_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/retrylint}
mkdir -p "$cache"
gcl=$cache/custom-gcl
cfg=$root/.golangci-plugin/.golangci.yml
example=$root/testdata/example
same() { go run "$root/.golangci-plugin/samefindings.go" "$@"; }

say "building retrylint"
go build -o "$tmp/retrylint" ./cmd/retrylint

say "building the custom golangci-lint (cold build: about 8 minutes on 2 cores)"
start=$SECONDS
budget=()
command -v timeout >/dev/null && budget=(timeout 45m)
"${budget[@]}" "$root/.golangci-plugin/build-custom-gcl" -o "$gcl" ||
	die "build-custom-gcl failed (or took more than 45 minutes)"
say "custom-gcl ready after $((SECONDS - start))s: $("$gcl" version)"

# surfaces DIR OUT: run the three surfaces in module DIR; outputs go to OUT.*.
surfaces() {
	local dir=$1 out=$2 rc
	(cd "$dir" && "$tmp/retrylint" -json ./... >"$out.standalone.json" 2>"$out.standalone.err") || true
	[ -s "$out.standalone.json" ] || {
		cat "$out.standalone.err" >&2
		die "retrylint -json printed nothing in $dir"
	}
	(cd "$dir" && go vet -vettool="$tmp/retrylint" -json ./... >"$out.vet.txt" 2>&1) ||
		{
			cat "$out.vet.txt" >&2
			die "go vet -vettool failed in $dir"
		}
	golangci "$dir" "$cfg" "$out"
}

# golangci DIR CONFIG OUT: run custom-gcl; exit 0 (clean) or 1 (issues) is fine.
golangci() {
	local dir=$1 config=$2 out=$3 rc=0
	(cd "$dir" && "$gcl" run --allow-parallel-runners -c "$config" --path-mode=abs \
		--output.json.path="$out.gcl.json" --output.text.path="$out.gcl.txt" ./...) \
		>"$out.gcl.log" 2>&1 || rc=$?
	if [ "$rc" -gt 1 ]; then
		cat "$out.gcl.log" >&2
		die "custom-gcl run exited $rc in $dir"
	fi
}

# copy_example NAME: a temp copy of the example module at the same depth below a
# copy of testdata/, so relative replace directives keep working.
copy_example() {
	local dst=$tmp/$1
	mkdir -p "$dst"
	cp -R "$root/testdata" "$dst/testdata"
	echo "$dst/testdata/example"
}

say "1/4 same findings from standalone retrylint, go vet and golangci-lint"
surfaces "$example" "$tmp/orig"
same -dir "$example" -want "standalone=$tmp/orig.standalone.json" -got "golangci=$tmp/orig.gcl.json"
# go vet once left out every finding of one package here too (CI of
# 2026-11-27): as in 2/4 below, a disagreement is shown and kept, and go vet
# runs once more in a fresh copy, which must agree.
if ! same -dir "$example" -want "standalone=$tmp/orig.standalone.json" -got "vet=$tmp/orig.vet.txt"; then
	cp "$tmp/orig.vet.txt" "$cache/flaky-vet.$(date +%s).txt" || true
	echo "$step: WARNING: go vet and standalone disagreed on the example (above; vet output kept in $cache); repeating once in a fresh copy" >&2
	again=$(copy_example orig-again)
	(cd "$again" && "$tmp/retrylint" -json ./... >"$tmp/orig-again.standalone.json" 2>/dev/null) || true
	(cd "$again" && go vet -vettool="$tmp/retrylint" -json ./... >"$tmp/orig-again.vet.txt" 2>&1) ||
		die "go vet -vettool failed in $again"
	same -dir "$again" -want "standalone=$tmp/orig-again.standalone.json" -got "vet=$tmp/orig-again.vet.txt"
fi

say "2/4 //nolint:retrylint and //retrylint:ignore silence a finding"
read -r file line rule < <(same -dir "$example" -want "golangci=$tmp/orig.gcl.json" -pick)
[ -n "${rule:-}" ] || die "no finding to silence"
say "silencing $rule at $file:$line"

nolint=$(copy_example nolint)
sed -i "${line}s|// BAD:.*\$|//nolint:retrylint|" "$nolint/$file"
grep -n "//nolint:retrylint" "$nolint/$file" | grep -q "^$line:" || die "could not edit $file:$line"
golangci "$nolint" "$cfg" "$tmp/nolint"
same -dir "$example" -want "golangci=$tmp/orig.gcl.json" -drop "$file:$line:*" \
	-got "golangci@$nolint=$tmp/nolint.gcl.json"

ignore=$(copy_example ignore)
sed -i "${line}s|// BAD:.*\$|//retrylint:ignore $rule silenced by $step|" "$ignore/$file"
grep -n "//retrylint:ignore" "$ignore/$file" | grep -q "^$line:" || die "could not edit $file:$line"
surfaces "$ignore" "$tmp/ignore"
# A directive covers its own line and the next.
for kind in standalone golangci; do
	ext=$([ $kind = golangci ] && echo gcl.json || echo standalone.json)
	same -dir "$example" -want "$kind=$tmp/orig.$ext" -drop "$file:$line-$((line + 1)):$rule" \
		-got "$kind@$ignore=$tmp/ignore.$ext"
done
# Once (CI of 2026-11-25 15:05) go vet left out every finding of one package of
# this copy, and agreed on a rerun in a new copy; not reproduced since. Until it
# is understood, a disagreement is shown, and the check repeats once in a fresh
# copy, which must agree.
if ! same -dir "$ignore" -want "standalone=$tmp/ignore.standalone.json" -got "vet=$tmp/ignore.vet.txt"; then
	cp "$tmp/ignore.vet.txt" "$cache/flaky-vet.$(date +%s).txt" || true
	echo "$step: WARNING: go vet and standalone disagreed in $ignore (above; vet output kept in $cache); repeating once in a fresh copy" >&2
	again=$(copy_example ignore-again)
	sed -i "${line}s|// BAD:.*\$|//retrylint:ignore $rule silenced by $step|" "$again/$file"
	(cd "$again" && "$tmp/retrylint" -json ./... >"$tmp/again.standalone.json" 2>/dev/null) || true
	(cd "$again" && go vet -vettool="$tmp/retrylint" -json ./... >"$tmp/again.vet.txt" 2>&1) ||
		die "go vet -vettool failed in $again"
	same -dir "$again" -want "standalone=$tmp/again.standalone.json" -got "vet=$tmp/again.vet.txt"
fi

say "3/4 bad settings fail with a readable error"
# bad NAME SETTINGS WANT...: a config whose retrylint settings are SETTINGS must
# make custom-gcl fail with every WANT in its output.
bad() {
	local name=$1 settings=$2 rc=0
	shift 2
	cat >"$tmp/$name.yml" <<EOF
version: "2"
linters:
  default: none
  enable: [retrylint]
  settings:
    custom:
      retrylint:
        type: module
        settings:
          $settings
EOF
	(cd "$example" && "$gcl" run --allow-parallel-runners -c "$tmp/$name.yml" ./...) >"$tmp/$name.log" 2>&1 || rc=$?
	[ "$rc" -gt 1 ] || {
		cat "$tmp/$name.log" >&2
		die "$name: custom-gcl exited $rc, want a configuration error"
	}
	for want in "$@"; do
		grep -qF -- "$want" "$tmp/$name.log" || {
			cat "$tmp/$name.log" >&2
			die "$name: the error does not say: $want"
		}
	done
	say "$name: $(grep -m1 -F -- "$1" "$tmp/$name.log")"
}
bad unknown-key "frobnicate: true" 'unknown key "frobnicate"' "allowed: " "enable"
bad unknown-rule "disable: [nosuchrule]" 'unknown rule "nosuchrule"' "known rules: "

say "4/4 hostile code text, a broken and an edited .retrylint.yaml"
hostile=$tmp/hostile
mkdir -p "$hostile/svc"
printf 'module example.com/hostile\n\ngo 1.22\n' >"$hostile/go.mod"
# A raw string literal with a line break, a workflow command, an ESC sequence
# and a bidi override, quoted by the fixedsleep message.
printf '%s\n' 'package svc' '' 'import (' '	"net/http"' '	"time"' ')' '' \
	'// Get retries with a fixed sleep.' 'func Get(url string) (*http.Response, error) {' \
	'	var err error' '	for i := 0; i < 20; i++ {' '		var resp *http.Response' \
	'		if resp, err = http.Get(url); err == nil {' '			return resp, nil' '		}' \
	"		time.Sleep(time.Duration(len(\`1s$(printf '\033')[31m$(printf '\342\200\256')" \
	'::error::pwned`)))' '	}' '	return nil, err' '}' >"$hostile/svc/svc.go"
# golangci-lint prints the source line of each issue as it is (raw bytes of the
# analysed file) unless told not to; the messages are retrylint's, and escaped.
gclh() { (cd "$hostile" && "$gcl" run --allow-parallel-runners --output.text.print-issued-lines=false -c "$cfg" ./...) >"$tmp/hostile.log" 2>&1; }
rc=0
gclh || rc=$?
[ "$rc" -le 1 ] || { cat "$tmp/hostile.log" >&2; die "custom-gcl exited $rc on the hostile module"; }
grep -q 'pwned' "$tmp/hostile.log" || { cat "$tmp/hostile.log" >&2; die "no fixedsleep finding quoting the literal"; }
if grep -q '^::' "$tmp/hostile.log" || grep -q "$(printf '\033')" "$tmp/hostile.log" ||
	grep -q "$(printf '\342\200\256')" "$tmp/hostile.log"; then
	cat -A "$tmp/hostile.log" >&2
	die "raw code text in golangci-lint's output"
fi
grep -q 'fixedsleep' "$tmp/hostile.log" || die "no fixedsleep finding in the hostile module"
printf 'rules:\n  - name: fixedsleep\n    enabled: maybe\n' >"$hostile/.retrylint.yaml"
rc=0
gclh || rc=$?
[ "$rc" -gt 1 ] && grep -q '.retrylint.yaml:3' "$tmp/hostile.log" ||
	{ cat "$tmp/hostile.log" >&2; die "a broken .retrylint.yaml did not fail golangci-lint with file:line (exit $rc)"; }
printf 'rules:\n  - name: fixedsleep\n    enabled: false\n' >"$hostile/.retrylint.yaml"
rc=0
gclh || rc=$?
if [ "$rc" -gt 1 ] || grep -q 'fixedsleep' "$tmp/hostile.log"; then
	cat "$tmp/hostile.log" >&2
	die "after turning fixedsleep off in .retrylint.yaml golangci-lint still reports it (a stale cache?)"
fi

say "OK"
