package retryscope

import (
	"go/ast"
	"strings"
)

// AWS SDK for Go v2 (github.com/aws/aws-sdk-go-v2): a service client's
// operations are retried by the standard retryer, 3 attempts with a jittered
// exponential backoff. The count comes from RetryMaxAttempts (aws.Config,
// config.WithRetryMaxAttempts, a service's Options, in an option function
// too; 0 keeps the default), retry.AddWithMaxAttempts (0: no limit),
// retry.NewStandard's StandardOptions.MaxAttempts (0 keeps the default);
// aws.NopRetryer never retries. A retryer of the code's own is out of reach.
func init() {
	registerClient(&library{
		read: (*policyReader).awsV2,
		hints: fixedHints(Hints{
			Bound: "give retry.AddWithMaxAttempts a positive count (0 removes the limit), or leave the standard retryer's 3 attempts",
		}),
		understands: []string{AspectInnerRetries, AspectAttempts},
		modules:     []string{awsModule},
	}, "aws-sdk-go-v2")
}

const (
	awsModule   = "github.com/aws/aws-sdk-go-v2"
	awsRetry    = awsModule + "/aws/retry"
	awsDefault  = 3
	awsNoLimit  = -1
	awsUnknownN = -2
)

// awsVote is what one setting says about the attempts.
type awsVote struct {
	n  int64 // attempts, awsNoLimit or awsUnknownN
	at ast.Node
}

func (r *policyReader) awsV2() {
	r.shape(ShapeExponential, nil)
	r.jitter(TriYes, nil)
	votes := r.awsVotes()
	if len(votes) == 0 {
		r.defaults(awsDefault, false)
		return
	}
	for _, v := range votes[1:] {
		if v.n != votes[0].n {
			r.limit(v.at, 0) // settings that disagree: out of reach
			return
		}
	}
	switch v := votes[0]; v.n {
	case awsNoLimit:
		r.forever(v.at)
	case awsUnknownN:
		r.limit(v.at, 0)
	default:
		r.limit(v.at, v.n)
	}
}

// awsVotes collects what every retry setting of the client says.
func (r *policyReader) awsVotes() []awsVote {
	var votes []awsVote
	known := false
	for _, s := range r.h.Settings {
		switch {
		case strings.HasSuffix(s.Name, ").RetryMaxAttempts") && inModules(s.Name, []string{awsModule}),
			s.Name == awsModule+"/config.WithRetryMaxAttempts",
			s.Name == "("+awsRetry+".StandardOptions).MaxAttempts":
			votes = appendVote(votes, s, 0, false)
		case s.Name == awsRetry+".AddWithMaxAttempts":
			votes = appendVote(votes, s, 1, true)
			known = true
		case s.Name == awsModule+"/aws.NopRetryer{}":
			votes = append(votes, awsVote{n: 1, at: s.Node})
			known = true
		case s.Name == awsRetry+".NewStandard", s.Name == awsRetry+".NewAdaptiveMode":
			known = true
		}
	}
	if !known {
		if custom := r.awsCustomRetryer(); custom != nil {
			votes = append(votes, awsVote{n: awsUnknownN, at: custom})
		}
	}
	return votes
}

// appendVote reads the count in a setting's i-th value; 0 keeps the default
// unless zeroNoLimit.
func appendVote(votes []awsVote, s Setting, i int, zeroNoLimit bool) []awsVote {
	n, ok := ints([]Setting{s}, i)
	switch {
	case !ok:
		return append(votes, awsVote{n: awsUnknownN, at: s.Node})
	case n == 0 && zeroNoLimit:
		return append(votes, awsVote{n: awsNoLimit, at: s.Node})
	case n <= 0:
		return votes
	}
	return append(votes, awsVote{n: n, at: s.Node})
}

// awsCustomRetryer returns a Retryer setting whose retryer the engine does not
// know, or nil.
func (r *policyReader) awsCustomRetryer() ast.Node {
	for _, s := range r.h.Settings {
		if (strings.HasSuffix(s.Name, ").Retryer") && inModules(s.Name, []string{awsModule})) ||
			s.Name == awsModule+"/config.WithRetryer" {
			return s.Node
		}
	}
	return nil
}
