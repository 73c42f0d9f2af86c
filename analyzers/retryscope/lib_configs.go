package retryscope

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/internal/rules"
)

// Retry configurations (rules.yaml knowledge.grpc.retry_configs, by family):
// a configuring call is read into ClientRetry values where it is written, by
// its family's reader (lib_grpcconfig.go, lib_grpcmiddleware.go).

// findRetryConfigs adds the retry configurations written in the package, read
// by the family of their knowledge-base entry.
func findRetryConfigs(pass *analysis.Pass, res *Result) {
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
