#!/usr/bin/env bash
# Robustness: retrylint over the whole standard library, standalone and under go
# vet, must finish without a panic or an internal error (findings are expected and
# listed in docs/std-findings.md); then a short fuzz run of the engine and every
# rule (analyzers/fuzz_test.go). Each part prints its time: the step's budget is
# about 15 minutes on 2 cores (docs/performance.md).
#
# FUZZTIME overrides the fuzz run's length (default 60s).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/retrylint
step_start=$SECONDS

echo "-- build $bin"
(cd "$root" && go build -o "$bin" ./cmd/retrylint)

# crashed fails the step when an output shows a panic or an internal error: a
# recovered panic ("retrylint: RULE panicked at"), one that was not ("panic:",
# "goroutine N [running]"), or an error of the driver itself.
crashed() {
	local what=$1 file=$2
	if grep -E 'panicked at|^panic: |goroutine [0-9]+ \[|internal error' "$file" >"$tmp/bad.txt"; then
		echo "FAIL: $what: panic or internal error:" >&2
		head -40 "$tmp/bad.txt" >&2
		exit 1
	fi
}

# findings prints the findings (file:line:col: message) of an output, sorted.
findings() {
	grep -E '^[^ ]+\.go:[0-9]+:[0-9]+: ' "$1" | sed "s|^$(go env GOROOT)/src/||" | sort -u || true
}

cd "$tmp"
echo "-- retrylint std   (standalone; findings expected: exit 3)"
t0=$SECONDS
set +e
"$bin" std >"$tmp/std.txt" 2>&1
code=$?
set -e
crashed "retrylint std" "$tmp/std.txt"
if [[ $code -ne 0 && $code -ne 3 ]]; then
	echo "FAIL: retrylint std exited $code (1: an analysis failed)" >&2
	grep -v -E '^[^ ]+\.go:[0-9]+:[0-9]+: ' "$tmp/std.txt" | head -40 >&2
	exit 1
fi
findings "$tmp/std.txt" | tee "$tmp/std-findings.txt"
echo "ok: exit $code, $(wc -l <"$tmp/std-findings.txt") findings, $((SECONDS - t0))s"

echo "-- go vet -vettool=retrylint std   (findings expected: exit 1)"
t0=$SECONDS
set +e
go vet -vettool="$bin" std >"$tmp/vet.txt" 2>&1
code=$?
set -e
crashed "go vet -vettool=retrylint std" "$tmp/vet.txt"
findings "$tmp/vet.txt" >"$tmp/vet-findings.txt"
# go vet exits 1 for findings and for failures alike: every line that is not a
# finding must be one of vet's "# package" headers.
if grep -v -E '^[^ ]+\.go:[0-9]+:[0-9]+: |^# ' "$tmp/vet.txt" >"$tmp/vet-other.txt"; then
	echo "FAIL: go vet -vettool=retrylint std printed more than findings:" >&2
	head -40 "$tmp/vet-other.txt" >&2
	exit 1
fi
if ! diff "$tmp/std-findings.txt" "$tmp/vet-findings.txt"; then
	echo "FAIL: standalone and go vet disagree on std (diff above: < standalone, > vet)" >&2
	exit 1
fi
echo "ok: exit $code, the same $(wc -l <"$tmp/vet-findings.txt") findings, $((SECONDS - t0))s"

# -fuzzminimizetime 0: no minimisation. An input that finds new coverage is a Go
# file of some kilobytes (the seeds are the rules' test files) and each run of it
# takes milliseconds, so minimising one (O(n^2) candidates) never ends before its
# time limit; at the default 60s both workers minimise and the run makes no
# progress for a minute, and at any time limit the go command kills the worker
# when it runs out (a restart, then `go list -export` again, about 1s). A
# failure is reported unminimised: its message holds the input, and the input
# lands in analyzers/testdata/fuzz/FuzzAnalyzers.
# -test.fuzzcachedir: a corpus of this run only. The go command keeps every input
# that found coverage in $(go env GOCACHE)/fuzz, and each run first replays that
# cache (its "baseline coverage") inside -fuzztime: with ~1200 entries that took
# 15 of the 60 seconds, and it grows with every run on a machine that keeps its
# build cache. The seeds and testdata/fuzz are replayed every time.
echo "-- fuzz: go test -fuzz FuzzAnalyzers -fuzztime ${FUZZTIME:-60s} ./analyzers"
t0=$SECONDS
(cd "$root" && go test -run '^$' -fuzz '^FuzzAnalyzers$' -fuzztime "${FUZZTIME:-60s}" -fuzzminimizetime 0 ./analyzers \
	-args -test.fuzzcachedir="$tmp/fuzzcache")
echo "ok: fuzz, $((SECONDS - t0))s"

echo "ok: robustness step, $((SECONDS - step_start))s"
