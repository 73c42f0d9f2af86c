package retrylint

import (
	"embed"
	"io/fs"
)

// rulePages are docs/rules/<name>.md, the page of each rule, embedded so that
// `retrylint help <rule>` shows the same text the documentation links to.
//
//go:embed docs/rules/*.md
var rulePages embed.FS

// RulePage returns the text of docs/rules/<name>.md.
func RulePage(name string) (string, bool) {
	b, err := fs.ReadFile(rulePages, "docs/rules/"+name+".md")
	return string(b), err == nil
}
