package retryscope

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/internal/rules"
)

// ClientRetry is a client's own retry configuration, judged where it is
// written: a retryPolicy of a gRPC service config, the options of a retry
// interceptor. No retry region is in sight (the library runs the loop), yet
// what the configuration retries and how it waits are the same questions the
// rules ask of a helper, so they read Policy, Permanent and Invalid as they
// read a helper's Policy.
type ClientRetry struct {
	// Call is the call that carries the configuration
	// (grpc.WithDefaultServiceConfig, a retry option).
	Call *ast.CallExpr
	// Name names the configuration in messages ("gRPC retry policy").
	Name string
	// Policy is the wait and the attempt cap the configuration sets. Its nodes
	// may be Spans inside a string literal (a key of a JSON service config).
	Policy *Policy
	// WaitWhy says, for a constant wait, which settings make it constant.
	WaitWhy string
	// Permanent are the settings that retry a status that is not transient.
	Permanent []Retried
	// Invalid are the settings the library rejects or ignores.
	Invalid []Problem

	hints Hints
	// retries says the configuration makes the client retry (valid, not
	// turned off); methods are the calls it applies to (none: every call).
	retries bool
	methods []grpcMethod
}

// Retried is one status a configuration retries, where it is written.
type Retried struct {
	At   ast.Node
	Code string // gRPC's name: INVALID_ARGUMENT
}

// Problem is a setting that does not do what it says, and why.
type Problem struct {
	At  ast.Node
	Why string
}

// Hints returns the library's advice (genericHints where it has none).
func (c *ClientRetry) Hints() Hints {
	out := c.hints
	orGeneric(&out.Backoff, genericHints.Backoff)
	orGeneric(&out.Jitter, genericHints.Jitter)
	orGeneric(&out.Bound, genericHints.Bound)
	orGeneric(&out.Classify, genericHints.Classify)
	return out
}

// Span is a range of source that no AST node covers alone: a key inside a
// string literal. It is an ast.Node, so rules report it like any setting.
type Span struct{ From, To token.Pos }

func (s *Span) Pos() token.Pos { return s.From }
func (s *Span) End() token.Pos { return s.To }

// spanOf is the Span of a node.
func spanOf(n ast.Node) *Span { return &Span{n.Pos(), n.End()} }

// findClientRetries fills res.ClientRetries with the retry configurations
// written in the package, read by the family of their knowledge-base entry.
func findClientRetries(pass *analysis.Pass, res *Result) {
	if !importsAnyConfig(pass.Pkg, res.Knowledge) {
		return
	}
	seen := map[string]bool{}
	for _, call := range res.funcs.calls {
		fn := code.Callee(pass.TypesInfo, call)
		if fn == nil {
			continue
		}
		e := res.Knowledge.RetryConfig(fn)
		if e == nil {
			continue
		}
		for _, cr := range res.clientRetriesOf(pass, call, fn, e) {
			// A constant given to two connections is one configuration.
			if key := cr.where(); !seen[key] {
				seen[key] = true
				res.ClientRetries = append(res.ClientRetries, cr)
			}
		}
	}
}

// where identifies a configuration by the places of its settings.
func (c *ClientRetry) where() string {
	var b strings.Builder
	add := func(n ast.Node) {
		if n != nil {
			fmt.Fprintf(&b, "%d-%d,", n.Pos(), n.End())
		}
	}
	add(c.Policy.WaitAt)
	add(c.Policy.Limit)
	for _, r := range c.Permanent {
		add(r.At)
	}
	for _, p := range c.Invalid {
		add(p.At)
	}
	return b.String()
}

// configReaders read a configuring call, by family (lib_grpc*.go).
var configReaders = map[string]func(c *configCall) []*ClientRetry{}

// configAspects says what the engine reads of each configuration family, in
// the words of the knowledge listing: its attempt cap, the growth and jitter of
// its wait, which codes it retries, and the calls it makes retry on their own.
var configAspects = map[string][]string{
	"grpc-service-config":   {"attempts", "growth", "jitter", "classification", "inner-retries"},
	"grpc-middleware-retry": {"attempts", "growth", "jitter", "classification", "inner-retries"},
}

// ConfigFamilies lists the retry configuration families the registry reads
// (knowledge.grpc.retry_configs), sorted.
func ConfigFamilies() []string {
	var out []string
	for f := range configReaders {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

// ConfigAspects says what the engine reads of a configuration family.
func ConfigAspects(family string) []string { return slices.Clone(configAspects[family]) }

// configCall is one configuring call being read.
type configCall struct {
	pass *analysis.Pass
	res  *Result
	call *ast.CallExpr
	fn   *types.Func
}

// clientRetriesOf reads a configuring call once; nestedretry asks again for
// the configurations of a connection.
func (res *Result) clientRetriesOf(pass *analysis.Pass, call *ast.CallExpr, fn *types.Func, e *rules.RetryConfig) []*ClientRetry {
	if got, ok := res.configs[call]; ok {
		return got
	}
	if res.configs == nil {
		res.configs = make(map[*ast.CallExpr][]*ClientRetry)
	}
	var got []*ClientRetry
	if read := configReaders[e.Family]; read != nil {
		got = read(&configCall{pass: pass, res: res, call: call, fn: fn})
	}
	res.configs[call] = got
	return got
}

// importsAnyConfig reports whether the package imports the package of some
// retry configuration of the knowledge base: the others cannot call one.
func importsAnyConfig(pkg *types.Package, k *rules.Knowledge) bool {
	for _, c := range k.Knowledge.GRPC.RetryConfigs {
		path := c.Func[:max(strings.LastIndex(c.Func, "."), 0)]
		if strings.ContainsAny(path, "*()") {
			return true // a glob or a method: no cheap test
		}
		for _, imp := range pkg.Imports() {
			if imp.Path() == path {
				return true
			}
		}
	}
	return false
}

// constStringVal returns the value of a string constant.
func constStringVal(v constant.Value) (string, bool) {
	if v == nil || v.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(v), true
}
