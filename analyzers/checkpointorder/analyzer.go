// Package checkpointorder defines an Analyzer that reports a consumed message
// that is checkpointed (committed, acknowledged, deleted) on a path where its
// processing failed and no durable dead-letter write came first.
//
// A message handler is a function that calls a checkpoint API of the knowledge
// base (sarama MarkMessage/MarkOffset/Commit, kafka-go CommitMessages,
// confluent-kafka-go Commit*/Store*, NATS and JetStream Ack/Term, Pub/Sub Ack,
// SQS DeleteMessage, watermill Ack). For every processing call whose error is
// tested in the handler, the analyzer follows the failure side through the
// function's control-flow graph and reports a checkpoint it reaches:
//
//   - with no dead-letter write on the way (log and commit: the record is lost);
//   - before the dead-letter write;
//   - after a dead-letter write whose error is ignored, or that is asynchronous
//     and whose delivery report is not awaited;
//   - after a dead-letter write that failed and whose error was logged and
//     dropped.
//
// A path ends cleanly at a return, a nak (redelivery), the next iteration of the
// consuming loop, a checked dead-letter write, a branch that singles out a
// specific error (errors.Is, errors.As, a sentinel compare, a switch case naming
// an error value or type), or a fallback value assigned to a variable that
// existed before the failure.
//
// Separately, a kafka-go Reader whose config has a GroupID commits in
// ReadMessage before the message is processed: such calls are reported when
// the reader's construction is visible in the package.
package checkpointorder

import (
	"go/types"
	"regexp"
	"sync"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/code"

	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
	"github.com/retrylint/retrylint/internal/rules"
)

const doc = `report message checkpoints that can run on a processing-failure path

A handler that commits, acks or deletes a message after its processing failed,
without first writing it durably to a dead-letter destination, tells the broker
to forget a record that nobody stored. Write the dead letter, check its error,
then checkpoint; or return/nak so the broker redelivers it.`

// Analyzer is the checkpointorder rule.
var Analyzer = lint.Independent("checkpointorder", doc, run, inspect.Analyzer, retryscope.HandlersAnalyzer)

func run(p *lint.Pass) error {
	code.Register(p.TypesInfo, p.ResultOf[inspect.Analyzer].(*inspector.Inspector)) // the def index, walks by kind
	c := newChecker(p)
	for _, h := range p.ResultOf[retryscope.HandlersAnalyzer].([]*retryscope.Handler) {
		c.handler(h)
	}
	c.autoCommitReads()
	return nil
}

// checker holds what every handler of a package shares.
type checker struct {
	p    *lint.Pass
	info *types.Info
	k    *rules.Knowledge
	dlq  *regexp.Regexp
	// wrappers caches the analysis of same-package functions that write a dead
	// letter (nil entry: not a wrapper).
	wrappers map[*types.Func]*wrapper
	reported map[interface{}]bool
}

func newChecker(p *lint.Pass) *checker {
	return &checker{
		p:        p,
		info:     p.TypesInfo,
		k:        p.Knowledge,
		dlq:      pattern(p.Knowledge.Knowledge.DeadLetter.Pattern),
		wrappers: make(map[*types.Func]*wrapper),
		reported: make(map[interface{}]bool),
	}
}

var patterns sync.Map // string -> *regexp.Regexp (nil when invalid or empty)

// pattern compiles the dead-letter name pattern once per process. The loader
// validates it; an invalid or empty pattern matches nothing.
func pattern(s string) *regexp.Regexp {
	if v, ok := patterns.Load(s); ok {
		return v.(*regexp.Regexp)
	}
	var re *regexp.Regexp
	if s != "" {
		re, _ = regexp.Compile(s)
	}
	v, _ := patterns.LoadOrStore(s, re)
	return v.(*regexp.Regexp)
}
