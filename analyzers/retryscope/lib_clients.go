package retryscope

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/internal/rules"
)

// Clients that retry on their own (rules.yaml self_retrying_clients with a
// family): their retry settings are read like a helper's options, from the
// receiver's construction and the call's own option functions, into a Policy;
// a call whose settings choose a policy the rules report becomes a ClientRetry
// (findClientCalls, api_clientretry.go). Each family has its file (lib_redis.go, lib_kgo.go, lib_aws.go,
// lib_retryablehttp.go).

// clientLibraries is the registry of client families.
var clientLibraries = map[string]*library{}

// registerClient adds a client library under its families.
func registerClient(l *library, families ...string) {
	for _, f := range families {
		clientLibraries[f] = l
	}
}

// ClientFamilies lists the client families the registry knows, sorted.
func ClientFamilies() []string {
	var out []string
	for f := range clientLibraries {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

// clientCall returns the attempts a call of a self-retrying client makes, and
// whether its retries are on: read by the client's family when it has one,
// else from the entry's attempts field.
func clientCall(pass *analysis.Pass, res *Result, call *ast.CallExpr, fn *types.Func, e *rules.SelfRetrying) (int, bool) {
	if _, ok := res.clientOperand(pass.TypesInfo, call, e); !ok {
		return 0, false
	}
	if l := clientLibraries[e.Family]; l != nil {
		return clientPolicy(pass, res, call, fn, l).clientAttempts(e.Attempts)
	}
	return clientAttempts(pass, res, call, e.Attempts, e.AttemptsField, e.FieldCounts)
}

// clientPolicy reads a client call's retry settings with its family's
// semantics.
func clientPolicy(pass *analysis.Pass, res *Result, call *ast.CallExpr, fn *types.Func, l *library) *Policy {
	h := &HelperCall{Call: call, Func: fn, Settings: clientSettings(pass, res, call, fn, l)}
	p := &Policy{}
	r := &policyReader{info: pass.TypesInfo, res: res, encl: res.funcs.enclosing(call.Pos()), h: h, p: p}
	if fn.Pkg() != nil {
		r.pkg = fn.Pkg().Path()
	}
	l.read(r)
	p.settle()
	return p
}

// clientAttempts turns a client's policy into its attempt count and whether
// it retries at all. A count the engine cannot read leaves the client out:
// precision before recall.
func (p *Policy) clientAttempts(def int) (int, bool) {
	switch {
	case p.Unbounded != nil:
		return 0, true
	case p.Limit != nil && p.TimeLimit:
		return 0, true
	case p.Limit != nil:
		return p.MaxAttempts, p.MaxAttempts > 1
	case p.DefaultLimit:
		return p.MaxAttempts, true
	}
	return def, true
}

// clientSettings follows the receiver of a client call to its construction,
// and reads the option functions the call itself gets (AWS per-operation
// options). When the receiver is not built in view (a struct field, a
// parameter), every configuration of the library in the package stands in.
func clientSettings(pass *analysis.Pass, res *Result, call *ast.CallExpr, fn *types.Func, l *library) []Setting {
	info := pass.TypesInfo
	s := &settingsWalk{info: info, encl: res.funcs.enclosing(call.Pos()), seen: map[ast.Node]bool{}, seenVar: map[types.Object]bool{}, funcLits: true}
	client, ok := res.clientOperand(info, call, res.selfRetrying(fn))
	if !ok || client == nil {
		return nil // a package-level function: the library's default client
	}
	s.expr(client, 0)
	for _, a := range call.Args {
		if isFuncTyped(info, a) {
			s.expr(a, 0)
		}
	}
	modules := clientModules(l, fn)
	s.out = append(s.out, res.libraryVarStores(pass, modules)...)
	if constructed(s.out, modules) {
		return s.out
	}
	return append(s.out, res.packageClientSettings(pass, modules)...)
}

// libraryVarStores records every store to a package variable of the library
// in the package (minio.MaxRetry = 1) as a setting named "pkg/path.Name": the
// library reads it when it builds a client, wherever that happens.
func (r *Result) libraryVarStores(pass *analysis.Pass, modules []string) []Setting {
	key := "var " + strings.Join(modules, " ")
	if ss, ok := r.clientConfigs[key]; ok {
		return ss
	}
	info := pass.TypesInfo
	s := &settingsWalk{info: info, seen: map[ast.Node]bool{}, seenVar: map[types.Object]bool{}}
	var out []Setting
	for _, f := range pass.Files {
		code.TreeOf(info).Inspect(f, []ast.Node{(*ast.AssignStmt)(nil)}, func(n ast.Node) bool {
			as := n.(*ast.AssignStmt)
			if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				return true
			}
			sel, ok := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if v, ok := info.Uses[sel.Sel].(*types.Var); ok && !v.IsField() && v.Pkg() != nil && inModules(v.Pkg().Path()+"."+v.Name(), modules) {
				out = append(out, Setting{Name: v.Pkg().Path() + "." + v.Name(), Node: as, Args: s.values(as.Rhs)})
			}
			return true
		})
	}
	if r.clientConfigs == nil {
		r.clientConfigs = make(map[string][]Setting)
	}
	r.clientConfigs[key] = out
	return out
}

// clientModules are the import-path prefixes of the library's configuration.
func clientModules(l *library, fn *types.Func) []string {
	if len(l.modules) > 0 {
		return l.modules
	}
	if fn.Pkg() != nil {
		return []string{fn.Pkg().Path()}
	}
	return nil
}

// constructed reports whether the settings hold a constructor or a literal of
// the library: the client's construction is in view.
func constructed(ss []Setting, modules []string) bool {
	for _, s := range ss {
		switch s.Node.(type) {
		case *ast.CallExpr:
			if !strings.HasPrefix(s.Name, "(") && inModules(s.Name, modules) {
				return true
			}
		case *ast.CompositeLit:
			if inModules(s.Name, modules) {
				return true
			}
		}
	}
	return false
}

// inModules reports whether a setting's name is of a package under one of the
// prefixes.
func inModules(name string, modules []string) bool {
	name = strings.TrimLeft(name, "(*")
	for _, m := range modules {
		if strings.HasPrefix(name, m+".") || strings.HasPrefix(name, m+"/") {
			return true
		}
	}
	return false
}

// packageClientSettings records every configuration of the library in the
// package: calls of its package-level functions, literals of its types and
// assignments to their fields, option functions included; not the options
// given to one operation (c.SendMessage(ctx, in, optFn)).
func (r *Result) packageClientSettings(pass *analysis.Pass, modules []string) []Setting {
	key := strings.Join(modules, " ")
	if ss, ok := r.clientConfigs[key]; ok {
		return ss
	}
	info := pass.TypesInfo
	s := &settingsWalk{info: info, seen: map[ast.Node]bool{}, seenVar: map[types.Object]bool{}, funcLits: true}
	kinds := []ast.Node{(*ast.CallExpr)(nil), (*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)}
	for _, f := range pass.Files {
		code.TreeOf(info).Inspect(f, kinds, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				fn := code.Callee(info, n)
				if fn == nil || !inModules(fn.FullName(), modules) {
					return true
				}
				if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil {
					return false // an operation's own options apply to it alone
				}
				if !s.seen[n] {
					s.expr(n, 0)
				}
			case *ast.CompositeLit:
				if !s.seen[n] && inModules(namedTypeName(info.TypeOf(n)), modules) {
					s.expr(n, 0)
				}
			case *ast.AssignStmt:
				s.fieldAssign(n, modules)
			}
			return true
		})
	}
	if r.clientConfigs == nil {
		r.clientConfigs = make(map[string][]Setting)
	}
	r.clientConfigs[key] = s.out
	return s.out
}

// fieldAssign records x.Field = v on a value of a type of the modules.
func (s *settingsWalk) fieldAssign(n *ast.AssignStmt, modules []string) {
	sel, ok := ast.Unparen(n.Lhs[0]).(*ast.SelectorExpr)
	if !ok || len(n.Lhs) != 1 || len(n.Rhs) != 1 || s.seen[n] {
		return
	}
	if tn := namedTypeName(s.info.TypeOf(sel.X)); tn != "" && inModules(tn, modules) {
		s.seen[n] = true
		s.out = append(s.out, Setting{Name: "(" + tn + ")." + sel.Sel.Name, Node: n, Args: s.values(n.Rhs)})
	}
}

// receiverType is the name of the client call's receiver type ("Client"), or
// "" when it has none.
func (r *policyReader) receiverType() string {
	sel, ok := ast.Unparen(r.h.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	t := r.info.TypeOf(sel.X)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// tries reads a count of attempts (or of retries, when retries is set) from
// the settings' i-th argument: a count of one attempt or less turns the
// retries off; a count out of reach is a limit of unknown size.
func (r *policyReader) tries(ss []Setting, i int, retries bool) {
	n, ok := ints(ss, i)
	switch {
	case len(ss) == 0:
	case !ok:
		r.limit(ss[0].Node, 0)
	case retries:
		r.limit(ss[0].Node, max(n+1, 1))
	default:
		r.limit(ss[0].Node, max(n, 1))
	}
}

// funcValue is the function a setting's value names (retryablehttp.DefaultBackoff), or nil.
func (r *policyReader) funcValue(s Setting) *types.Func {
	if len(s.Args) == 0 {
		return nil
	}
	var id *ast.Ident
	switch e := ast.Unparen(s.Args[0].Expr).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	}
	fn, _ := r.info.Uses[id].(*types.Func)
	return fn
}

// clientOperand returns the expression that holds the client a call is made
// with: its receiver, or for an entry with a client_arg the argument
// (req.RequestWith(ctx, cl)), which must then be a client of the entry's
// family; nil for a package-level function. ok is false when the call is not
// made with a client of the family.
func (res *Result) clientOperand(info *types.Info, call *ast.CallExpr, e *rules.SelfRetrying) (ast.Expr, bool) {
	if e != nil && e.ClientArg != nil {
		i := *e.ClientArg
		if i < 0 || i >= len(call.Args) || !res.familyClient(info.TypeOf(call.Args[i]), e.Family) {
			return nil, false
		}
		return call.Args[i], true
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	if _, isPkg := info.Uses[identOf(sel.X)].(*types.PkgName); isPkg {
		return nil, true
	}
	return sel.X, true
}

// familyClient reports whether a type has a method the knowledge base lists
// as a self-retrying call of the family (*kgo.Client has Request). An
// interface (kmsg.Requestor) may be implemented by any code: it is not one.
func (res *Result) familyClient(t types.Type, family string) bool {
	if t == nil || family == "" || types.IsInterface(t) {
		return false
	}
	if _, isPtr := t.(*types.Pointer); !isPtr {
		t = types.NewPointer(t)
	}
	ms := types.NewMethodSet(t)
	for i := range ms.Len() {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok {
			continue
		}
		if e := res.selfRetrying(m); e != nil && e.Family == family && e.ClientArg == nil {
			return true
		}
	}
	return false
}
