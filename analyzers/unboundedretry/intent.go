package unboundedretry

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// The rule's claim is that nobody chose to retry forever. A comment in the
// retrying function that says it retries forever ("retry to create the
// producer indefinitely", "keep reconnecting forever") is the author's record
// that they did: the finding would tell them what they wrote down. It counts
// only inside the body of the function that holds the retry, above the retry,
// in a sentence that names retrying and endlessness and negates neither. A doc
// comment does not count: it tells callers what the function does, and "keeps
// the workflow retrying forever" there is as often the warning a finding would
// give as a choice. A sentence about a default ("the server retries forever by
// default") describes what happens unless someone chooses otherwise: it
// records no choice.
var (
	retryWord   = regexp.MustCompile(`(?i)\b(retr(y|ies|ied|ying)|tr(y|ies|ying)( again)?|keeps? trying|reconnect(s|ing)?|redial(s|ing)?)\b`)
	endlessWord = regexp.MustCompile(`(?i)\b(forever|indefinitely|infinitely|endlessly|without (any |a )?(limit|end))\b`)
	negation    = regexp.MustCompile(`(?i)\b(not|never|avoid(s|ing)?|instead|rather|prevent(s|ing)?|unless|by default|default(s|ed)? to)\b|n't\b`)
	// flagged marks a comment that records a problem to fix, not a choice.
	flagged     = regexp.MustCompile(`\b(TODO|FIXME|XXX|BUG|HACK)\b`)
	sentenceEnd = regexp.MustCompile(`[.;:!?]\s`)
)

// statedEndless reports whether the function around r says in a comment above
// the retry that it retries forever on purpose.
func statedEndless(p *lint.Pass, r *retryscope.Region) bool {
	file, decl := enclosingDecl(p, r.Pos)
	if decl == nil {
		return false
	}
	if decl.Body == nil {
		return false
	}
	from, to := decl.Body.Lbrace, retryStart(r)
	for _, cg := range file.Comments {
		if cg.Pos() >= from && cg.End() <= to && saysEndless(cg.Text()) {
			return true
		}
	}
	return false
}

func saysEndless(text string) bool {
	if flagged.MatchString(text) {
		return false
	}
	text = strings.Join(strings.Fields(text), " ")
	for _, s := range sentenceEnd.Split(text+" ", -1) {
		if retryWord.MatchString(s) && endlessWord.MatchString(s) && !negation.MatchString(s) {
			return true
		}
	}
	return false
}

// retryStart is where the retry's source begins: the loop keyword, the
// recursive call, or the helper call or the setting that removes its limit,
// whichever comes first.
func retryStart(r *retryscope.Region) token.Pos {
	if u := r.Bound.Unbounded; u != nil && u.Pos() < r.Pos {
		return u.Pos()
	}
	return r.Pos
}

func enclosingDecl(p *lint.Pass, pos token.Pos) (*ast.File, *ast.FuncDecl) {
	for _, f := range p.Files {
		if f.FileStart > pos || pos >= f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return f, fd
			}
		}
	}
	return nil, nil
}
