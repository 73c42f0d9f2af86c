#!/usr/bin/env bash
# 15-doc-commands: run the shell commands of the documentation that are marked
# `<!-- doc-commands: run by TestDocCommands -->` (README.md, docs/, the plugin's
# README), as a user would; TestDocCommandsAccounted (go test ./...) checks that
# every other shell block names the test or step that runs it, or why CI cannot.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
echo "15-doc-commands: go test -run TestDocCommands ./cmd/retrylint"
RETRYLINT_DOC_COMMANDS=1 go test -count=1 -timeout 30m -run '^TestDocCommands$' ./cmd/retrylint
