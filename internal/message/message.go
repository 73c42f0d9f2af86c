// Package message makes the messages of retrylint's findings, for every rule
// and every surface, and holds what the surfaces need to know about them.
package message

import (
	"fmt"

	"github.com/retrylint/retrylint/internal/safetext"
)

// maxMessage caps a whole message, in characters.
const maxMessage = 600

// Make makes a finding's message: every message of every rule is made
// here. Each argument that is text (a string, an error, a fmt.Stringer, most
// often code quoted from the analysed source) becomes one line with control,
// bidi and zero-width characters escaped, cut at safetext.MaxCode
// characters; the whole message is escaped and capped too. So no surface
// (plain text, go vet, golangci-lint, JSON, SARIF, the checklist) prints a
// line break, an ESC sequence or a workflow command that came from the
// analysed code. With NameRule set, the rule's name ends the message.
func Make(rule, format string, args ...any) string {
	// An argument that is the whole message (format "%s") is prose made by
	// the rule, with code quoted inside: it gets the message's cap.
	max := safetext.MaxCode
	if format == "%s" {
		max = maxMessage
	}
	safe := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case string:
			safe[i] = safetext.Code(v, max)
		case error:
			safe[i] = safetext.Code(v.Error(), max)
		case fmt.Stringer:
			safe[i] = safetext.Code(v.String(), max)
		default:
			safe[i] = a
		}
	}
	msg := safetext.Code(fmt.Sprintf(format, safe...), maxMessage)
	if NameRule {
		msg += " (" + rule + ")"
	}
	return msg
}

// NameRule, when set, ends every message with the rule's name in parentheses,
// as staticcheck does: `file:line:col: message (rule)`. The driver sets it
// where the message is printed as a plain line it does not format itself
// (go vet's text output); JSON, SARIF and the checklist carry the rule in a
// field of their own.
var NameRule bool

// Related, when set, lets a finding carry related information: the wait,
// setting or retried call that a finding reported at its retry region is
// about (lint.ReportRegion). The driver clears it where related information
// would become extra lines of plain output: go vet prints it under the finding
// whatever format its user asked for, and so does the x/tools checker's text.
// A finding there stays one line; JSON, SARIF and the checklist keep it.
var Related = true

// DirectiveCategory is the category of problems with //retrylint:ignore
// directives (a missing reason, an unknown rule name): they are about the
// directive, not about any rule, so they are never filed under one.
const DirectiveCategory = "retrylint-directive"

// DirectiveURL documents the directive.
const DirectiveURL = "https://github.com/retrylint/retrylint/blob/main/docs/configuration.md#turning-a-rule-off"
