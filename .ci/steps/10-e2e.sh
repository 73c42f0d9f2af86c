#!/usr/bin/env bash
# End-to-end smoke test of the binary on the bundled example module: standalone
# (findings expected: exit 3) and as go vet's -vettool (findings expected: exit 1).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/retrylint

echo "-- build $bin"
(cd "$root" && go build -o "$bin" ./cmd/retrylint)
"$bin" version

cd "$root/testdata/example"
echo "-- download the example's dependencies"
go mod download

echo "-- retrylint ./...   (in testdata/example; expect findings, exit 3)"
set +e
"$bin" ./... 2>"$tmp/standalone.txt"
code=$?
set -e
cat "$tmp/standalone.txt"
if [[ $code -ne 3 ]]; then
	echo "FAIL: retrylint exited $code, want 3 (findings)" >&2
	exit 1
fi
n=$(grep -c ': ' "$tmp/standalone.txt" || true)
echo "ok: exit 3, $n findings"

echo "-- go vet -vettool=$bin ./...   (expect the same findings, vet exits 1)"
set +e
go vet -vettool="$bin" ./... 2>"$tmp/vet.txt"
code=$?
set -e
cat "$tmp/vet.txt"
if [[ $code -eq 0 ]]; then
	echo "FAIL: go vet -vettool reported nothing" >&2
	exit 1
fi
# Compare the (file:line: message) sets: standalone prints absolute paths, vet
# prints paths relative to the working directory.
norm() { sed -e "s|^$PWD/||" -e 's|^\./||' "$1" | grep -E '^[^#].*\.go:[0-9]+:[0-9]+: ' | sort -u; }
if ! diff <(norm "$tmp/standalone.txt") <(norm "$tmp/vet.txt"); then
	echo "FAIL: go vet -vettool and standalone disagree (diff above: < standalone, > vet)" >&2
	exit 1
fi
echo "ok: go vet -vettool reports the same $(norm "$tmp/vet.txt" | wc -l) findings"
