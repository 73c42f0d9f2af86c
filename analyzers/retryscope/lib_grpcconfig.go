package retryscope

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/internal/rules"
)

// The gRPC service config (grpc.WithDefaultServiceConfig): a JSON document
// whose methodConfig[].retryPolicy makes grpc-go retry the named methods. The
// reader follows grpc-go's own parser (service_config.go): keys match
// case-insensitively, an entry without a name is skipped, a retryPolicy
// anywhere else is ignored, a malformed field fails the whole document
// (grpc.NewClient returns an error), and a policy out of range does too since
// v1.70 (grpc-go#7905; before, the policy was dropped with a log line). The
// attempts are capped at 5 (WithMaxCallAttempts raises the cap) and every wait
// is jittered by ±20 %, so a policy never lacks a bound or jitter; what it can
// get wrong is the codes it retries and a wait that never grows.
func init() { configReaders["grpc-service-config"] = readServiceConfig }

// grpcMaxAttempts is grpc-go's cap on a policy's maxAttempts.
const grpcMaxAttempts = 5

var serviceConfigHints = Hints{
	Backoff:  "set backoffMultiplier above 1 (e.g. 2) and maxBackoff above initialBackoff; grpc-go adds the jitter",
	Classify: "list only transient codes in retryableStatusCodes",
}

// serviceConfig is one service config being read.
type serviceConfig struct {
	c   *configCall
	doc string
	src *code.StringSource // nil when the literal is out of reach
	arg ast.Expr
	out []*ClientRetry
	bad []Problem // problems of the document as a whole
}

func readServiceConfig(c *configCall) []*ClientRetry {
	if len(c.call.Args) != 1 {
		return nil
	}
	doc, src, ok := c.constString(c.call.Args[0])
	if !ok {
		return nil // built at run time: nothing to read
	}
	sc := &serviceConfig{c: c, doc: doc, src: src, arg: c.call.Args[0]}
	root, err := parseJSON(doc)
	if err != nil {
		off := len(doc)
		if se, ok := err.(*jsonSyntaxError); ok {
			off = min(se.offset, len(doc)-1)
		}
		sc.bad = append(sc.bad, Problem{At: sc.at(off, off+1), Why: "the service config is not valid JSON (" + err.Error() + "); grpc.NewClient fails with it"})
		return sc.result()
	}
	sc.read(root)
	return sc.result()
}

// result returns the policies read; a document with problems retries nothing
// (grpc-go rejects it), so only the problems are kept.
func (sc *serviceConfig) result() []*ClientRetry {
	var bad []Problem
	for _, cr := range sc.out {
		bad = append(bad, cr.Invalid...)
	}
	bad = append(sc.bad, bad...)
	if len(bad) == 0 {
		if sc.c.retriesOff() {
			for _, cr := range sc.out {
				cr.retries, cr.Permanent, cr.Policy = false, nil, &Policy{}
			}
		}
		return sc.out
	}
	return []*ClientRetry{{Call: sc.c.call, Name: "gRPC service config", Policy: &Policy{}, Invalid: bad, hints: serviceConfigHints}}
}

// at returns the node that spells doc[from:to]: a Span in the literal, or the
// argument when the literal is out of reach.
func (sc *serviceConfig) at(from, to int) ast.Node {
	to = min(to, len(sc.doc))
	if sc.src == nil || from < 0 || to <= from {
		return spanOf(sc.arg)
	}
	return &Span{sc.src.Pos(from), sc.src.Pos(to-1) + 1}
}

func (sc *serviceConfig) key(f *jsonField) ast.Node { return sc.at(f.start, f.end) }
func (sc *serviceConfig) val(n *jsonNode) ast.Node  { return sc.at(n.start, n.end) }

func (sc *serviceConfig) problem(at ast.Node, format string, args ...any) {
	sc.bad = append(sc.bad, Problem{At: at, Why: fmt.Sprintf(format, args...)})
}

func (sc *serviceConfig) read(root *jsonNode) {
	if root.kind != jsonObject {
		sc.problem(sc.val(root), "the service config is not a JSON object; grpc.NewClient fails with it")
		return
	}
	if _, f := root.field("retryPolicy"); f != nil {
		sc.problem(sc.key(f), "grpc-go ignores a retryPolicy at the top of the service config, so nothing is retried: move it into a methodConfig entry with a name")
	} else if f := bareRetryPolicy(root); f != nil {
		sc.problem(sc.key(f), "this is a bare retryPolicy, and grpc-go ignores its keys at the top of a service config, so nothing is retried: wrap it as {\"methodConfig\": [{\"name\": [{}], \"retryPolicy\": {...}}]}")
	}
	mcs, f := root.field("methodConfig")
	if mcs == nil || mcs.kind == jsonNull {
		return
	}
	if mcs.kind != jsonArray {
		sc.problem(sc.key(f), "methodConfig must be a list; grpc.NewClient fails with this service config")
		return
	}
	for _, mc := range mcs.elems {
		if mc.kind == jsonObject {
			sc.methodConfig(mc)
		}
	}
}

// bareRetryPolicy returns the first key of a retryPolicy written at the top of
// the service config, without its methodConfig around it, or nil.
func bareRetryPolicy(root *jsonNode) *jsonField {
	for i, f := range root.fields {
		for _, k := range []string{"maxAttempts", "initialBackoff", "maxBackoff", "backoffMultiplier", "retryableStatusCodes"} {
			if strings.EqualFold(f.key, k) {
				return &root.fields[i]
			}
		}
	}
	return nil
}

func (sc *serviceConfig) methodConfig(mc *jsonNode) {
	for _, f := range mc.fields {
		if norm := strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(f.key)); norm == "retrypolicy" && !strings.EqualFold(f.key, "retryPolicy") {
			sc.problem(sc.key(&f), "grpc-go does not know the key %q and ignores it, so nothing is retried: write retryPolicy", f.key)
		}
	}
	rp, rpKey := mc.field("retryPolicy")
	if rp == nil || rp.kind == jsonNull {
		return
	}
	names, _ := mc.field("name")
	if names == nil || names.kind == jsonNull {
		sc.problem(sc.key(rpKey), "grpc-go skips a methodConfig entry without a name, so this retryPolicy retries nothing: add \"name\": [{}] (every method) or the service's name")
		return
	}
	if rp.kind != jsonObject {
		sc.problem(sc.key(rpKey), "retryPolicy must be an object; grpc.NewClient fails with this service config")
		return
	}
	p := &policyRead{sc: sc, rp: rp, rpKey: rpKey, cr: &ClientRetry{
		Call: sc.c.call, Name: "gRPC retry policy", Policy: &Policy{Family: "grpc-service-config", Jitter: TriYes},
		hints: serviceConfigHints, methods: methodNames(names),
	}}
	p.read()
	sc.out = append(sc.out, p.cr)
}

// methodNames reads a methodConfig's names: service and method, "" for any.
func methodNames(names *jsonNode) []grpcMethod {
	var out []grpcMethod
	for _, n := range names.elems {
		svc, _ := n.field("service")
		m, _ := n.field("method")
		out = append(out, grpcMethod{service: strOf(svc), method: strOf(m)})
	}
	return out
}

func strOf(n *jsonNode) string {
	if n == nil {
		return ""
	}
	return n.str
}

// policyRead reads one retryPolicy object.
type policyRead struct {
	sc    *serviceConfig
	rp    *jsonNode
	rpKey *jsonField
	cr    *ClientRetry
}

// invalid records a setting grpc-go rejects; rejectedSince says whether only
// the range check of v1.70 rejects it (before, the policy was dropped).
func (p *policyRead) invalid(at ast.Node, rangeCheck bool, format string, args ...any) {
	why := fmt.Sprintf(format, args...)
	if rangeCheck {
		why += "; grpc-go rejects the service config (grpc.NewClient fails; before v1.70 it dropped the policy with a log line)"
	} else {
		why += "; grpc.NewClient fails with this service config"
	}
	p.cr.Invalid = append(p.cr.Invalid, Problem{At: at, Why: why})
}

// required returns a field of the policy, or records that it is missing.
func (p *policyRead) required(name string) (*jsonNode, *jsonField) {
	v, f := p.rp.field(name)
	if v == nil || v.kind == jsonNull {
		p.invalid(p.sc.key(p.rpKey), true, "retryPolicy has no %s", name)
		return nil, nil
	}
	return v, f
}

func (p *policyRead) read() {
	p.attempts()
	initial, iOK := p.duration("initialBackoff")
	maxB, mOK := p.duration("maxBackoff")
	mult, multNode := p.multiplier()
	p.codes()
	if len(p.cr.Invalid) > 0 {
		return
	}
	p.cr.retries = true
	switch {
	case mult == 1:
		p.cr.Policy.Shape, p.cr.Policy.WaitAt, p.cr.WaitWhy = ShapeConstant, p.sc.val(multNode), "backoffMultiplier 1"
	case iOK && mOK && maxB.val <= initial.val:
		p.cr.Policy.Shape, p.cr.Policy.WaitAt, p.cr.WaitWhy = ShapeConstant, p.sc.val(maxB.node), "maxBackoff "+maxB.node.str+" not above initialBackoff "+initial.node.str
	default:
		p.cr.Policy.Shape = ShapeExponential
	}
}

func (p *policyRead) attempts() {
	v, _ := p.required("maxAttempts")
	if v == nil {
		return
	}
	n, err := strconv.ParseInt(v.num.String(), 10, 64)
	if v.kind != jsonNumber || err != nil {
		p.invalid(p.sc.val(v), false, "maxAttempts must be an integer")
		return
	}
	if n < 2 {
		p.invalid(p.sc.val(v), true, "maxAttempts %d: it must be at least 2", n)
		return
	}
	p.cr.Policy.MaxAttempts = int(min(n, grpcMaxAttempts))
	p.cr.Policy.Limit = p.sc.val(v)
}

type grpcDuration struct {
	val  float64 // seconds
	node *jsonNode
}

// duration reads a backoff: protobuf JSON seconds, "0.1s".
func (p *policyRead) duration(name string) (grpcDuration, bool) {
	v, _ := p.required(name)
	if v == nil {
		return grpcDuration{}, false
	}
	secs, ok := parseGRPCDuration(v)
	switch {
	case !ok:
		p.invalid(p.sc.val(v), false, "%s must be seconds with an s suffix, like \"0.1s\"", name)
	case secs <= 0:
		p.invalid(p.sc.val(v), true, "%s %s: it must be positive", name, v.str)
	default:
		return grpcDuration{secs, v}, true
	}
	return grpcDuration{}, false
}

// parseGRPCDuration reads internal/serviceconfig.Duration's format: an
// optional sign, digits with an optional fraction (at most 9 digits), "s".
func parseGRPCDuration(v *jsonNode) (float64, bool) {
	s, ok := strings.CutSuffix(v.str, "s")
	if v.kind != jsonString || !ok || s == "" || strings.ContainsAny(s, "eE+_ ") {
		return 0, false
	}
	if whole, frac, hasDot := strings.Cut(strings.TrimPrefix(s, "-"), "."); whole+frac == "" || hasDot && len(frac) > 9 {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

func (p *policyRead) multiplier() (float64, *jsonNode) {
	v, _ := p.required("backoffMultiplier")
	if v == nil {
		return 0, nil
	}
	f, err := v.num.Float64()
	switch {
	case v.kind != jsonNumber || err != nil:
		p.invalid(p.sc.val(v), false, "backoffMultiplier must be a number")
	case f <= 0:
		p.invalid(p.sc.val(v), true, "backoffMultiplier %s: it must be positive", v.num)
	default:
		return f, v
	}
	return 0, nil
}

// codes reads retryableStatusCodes: names as grpc-go spells them, or numbers.
func (p *policyRead) codes() {
	v, f := p.required("retryableStatusCodes")
	if v == nil {
		return
	}
	if v.kind != jsonArray {
		p.invalid(p.sc.val(v), false, "retryableStatusCodes must be a list")
		return
	}
	if len(v.elems) == 0 {
		p.invalid(p.sc.key(f), true, "retryableStatusCodes is empty")
		return
	}
	names := rules.GRPCCodeNames()
	k := p.sc.c.res.Knowledge
	for _, e := range v.elems {
		name := ""
		switch e.kind {
		case jsonString:
			if slices.Contains(names, e.str) {
				name = e.str
			}
		case jsonNumber:
			if n, err := strconv.Atoi(e.num.String()); err == nil && n >= 0 && n < len(names) {
				name = names[n]
			}
		}
		switch {
		case name == "":
			p.invalid(p.sc.val(e), false, "%s is not a gRPC status code (write its name in capitals, like UNAVAILABLE)", p.sc.doc[e.start:e.end])
		case !k.IsTransientCode(name):
			p.cr.Permanent = append(p.cr.Permanent, Retried{At: p.sc.val(e), Code: name})
		}
	}
}

// constString returns the value of a string constant argument and the source
// of its literal when in reach (this package: a literal, a local variable
// assigned once, a constant or a concatenation of them).
func (c *configCall) constString(arg ast.Expr) (string, *code.StringSource, bool) {
	info := c.pass.TypesInfo
	var defs map[types.Object][]ast.Node
	if encl := c.res.funcs.enclosing(arg.Pos()); encl != nil {
		s := &settingsWalk{info: info, encl: encl}
		defs = s.uses()
	}
	v := code.Const(info, arg, defs)
	if v == nil {
		return "", nil, false
	}
	str, ok := code.StringVal(v)
	if !ok {
		return "", nil, false
	}
	e := arg
	if id, isID := ast.Unparen(arg).(*ast.Ident); isID {
		if d := defs[info.Uses[id]]; len(d) == 1 {
			if de, isExpr := d[0].(ast.Expr); isExpr {
				e = de
			}
		}
	}
	return str, code.SourceOf(c.pass.Fset, info, e, c.constDecl), true
}

// constDecl returns the expression that declares a constant of this package.
func (c *configCall) constDecl(k *types.Const) ast.Expr {
	if k.Pkg() != c.pass.Pkg {
		return nil
	}
	return code.ConstDecl(c.pass.TypesInfo, c.pass.Files, k)
}

// retriesOff reports whether the dial options around the configuring call
// (the same call's arguments, the same list) turn the retries off.
func (c *configCall) retriesOff() bool {
	path := code.TreeOf(c.pass.TypesInfo).Enclosing(c.call)
	if len(path) < 2 {
		return false
	}
	var siblings []ast.Expr
	switch p := path[1].(type) {
	case *ast.CallExpr:
		siblings = p.Args
	case *ast.CompositeLit:
		siblings = p.Elts
	}
	for _, s := range siblings {
		if call, ok := ast.Unparen(s).(*ast.CallExpr); ok && c.res.Knowledge.IsGRPCDisableRetry(code.Callee(c.pass.TypesInfo, call)) {
			return true
		}
	}
	return false
}
