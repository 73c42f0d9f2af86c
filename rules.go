// Package retrylint holds the embedded rule catalog and knowledge base (rules.yaml).
//
// The analyzers live in analyzers/, the command in cmd/retrylint.
package retrylint

import _ "embed"

// DefaultRules is the text of rules.yaml: the catalog, the knowledge base and the
// checklist items every surface starts from.
//
//go:embed rules.yaml
var DefaultRules []byte
