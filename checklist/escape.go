package checklist

import (
	"fmt"
	"strings"
	"unicode"
)

// Text from the analysed code (file names, identifiers, string constants in
// messages) is chosen by whoever wrote the change. Rendered as is, it could
// mention people, link anywhere, hide text in HTML, fake a checklist item, or
// issue workflow commands in a CI log. Every renderer passes such text through
// one of these functions.

const zwj = "\u200d"

// visible replaces what a reader cannot see or what changes how the rest of
// a line reads: control characters (ANSI escapes included), bidirectional
// overrides (Trojan Source) and zero-width characters, by \uXXXX; line breaks
// become spaces so one value stays on one line.
func visible(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r) || isInvisible(r):
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isInvisible covers bidi controls and zero-width characters (format
// characters, Unicode category Cf).
func isInvisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || r == unicode.ReplacementChar
}

// mdSpecial is the ASCII punctuation that means something to GitHub
// markdown somewhere in a line (emphasis, links, images, HTML, code, tables,
// math, headings and list markers at the start of a list item's content).
const mdSpecial = "\\`*_{}[]()<>#+-.!|~:=$^\"'"

// mdText escapes untrusted text for markdown prose: every special character
// is backslash-escaped (<, > and & as entities, which also hold inside HTML
// blocks), @ and # get a zero-width joiner so no @mention or #123 reference
// is made, and URL starts ("://", "www.") are broken so nothing autolinks.
func mdText(s string) string {
	s = visible(s)
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '&':
			b.WriteString("&amp;")
		case r == '@' || r == '#':
			b.WriteString(`\` + string(r) + zwj)
		case r == ':' && strings.HasPrefix(s[i+1:], "//"):
			b.WriteString(`\:` + zwj)
		case r == '.' && i >= 3 && strings.EqualFold(s[i-3:i], "www"):
			b.WriteString(zwj + `\.`)
		case r < 128 && strings.ContainsRune(mdSpecial, r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// mdCode renders untrusted text as an inline code span: nothing inside one is
// markdown, HTML, a mention or a link. The fence is longer than any run of
// backticks in the text, and padded when the text starts or ends with one.
func mdCode(s string) string {
	s = visible(s)
	if s == "" {
		return "` `"
	}
	run, longest := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	// The report's marker must stay unique, even inside code.
	s = strings.ReplaceAll(s, "<!--", "<"+zwj+"!--")
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// mdURL keeps a link target only if it is an http(s) URL, and percent-escapes
// what could end the link or start markup. URLs come from analyzers and the
// catalog, not from the analysed code, but a user's rules file can set them.
func mdURL(u string) string {
	if !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
		return ""
	}
	var b strings.Builder
	for _, r := range u {
		if r <= ' ' || r >= 127 || strings.ContainsRune(`()<>[]"'\`+"`", r) {
			for _, c := range []byte(string(r)) {
				fmt.Fprintf(&b, "%%%02X", c)
			}
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ghData escapes the message of a workflow command (after "::"), as the
// actions toolkit does: the runner splits commands at line breaks and
// decodes %XX, so those three characters are encoded.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(visibleKeepLines(s))
}

// ghProp escapes a property value (file=, title=): additionally ':' and ',',
// which end a property or the property list.
func ghProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(visibleKeepLines(s))
}

// visibleKeepLines is visible for text where line breaks are encoded later.
func visibleKeepLines(s string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		body := strings.TrimRight(line, "\r\n")
		b.WriteString(visible(body))
		b.WriteString(line[len(body):])
	}
	return b.String()
}
