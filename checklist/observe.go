package checklist

import (
	"go/ast"
	"go/types"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// obsPackages are import-path prefixes of logging, metrics and tracing APIs.
var obsPackages = []string{
	"log", "log/slog", "expvar",
	"go.uber.org/zap", "github.com/rs/zerolog", "github.com/sirupsen/logrus",
	"github.com/go-logr/logr", "k8s.io/klog", "github.com/go-kit/log",
	"github.com/prometheus/client_golang", "go.opentelemetry.io/otel",
	"github.com/DataDog/datadog-go", "github.com/armon/go-metrics",
	"github.com/hashicorp/go-metrics", "github.com/rcrowley/go-metrics",
}

// attemptName matches variables that usually hold an attempt number.
var attemptName = regexp.MustCompile(`(?i)attempt|retr|tries|^try|^n$`)

type observation struct {
	apis    []string
	attempt bool
}

// observe looks at what runs again (the loop or the helper call with its
// options inline) for calls into the observability packages, and at their
// arguments for something that names the attempt.
func observe(r regionRef) observation {
	root := regionRoot(r)
	if root == nil {
		return observation{}
	}
	info := r.pkg.TypesInfo
	apis := make(map[string]bool)
	var o observation
	ast.Inspect(root, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		api := obsAPI(typeutil.Callee(info, call))
		if api == "" {
			return true
		}
		apis[api] = true
		if mentionsAttempt(info, call, counters(r)) {
			o.attempt = true
		}
		return true
	})
	for p := range apis {
		o.apis = append(o.apis, p)
	}
	sort.Strings(o.apis)
	return o
}

// ownLogger matches the names of a program's own logging and metrics
// functions, methods and func-typed fields (s.logf, h.log.Warn, m.Inc).
var ownLogger = regexp.MustCompile(`(?i)^(log|logf|logger|print|printf|println|debug|debugf|info|infof|warn|warnf|warning|error|errorf|trace|tracef|record|observe|inc|add|count|emit|report)$|^(log|metric|record|observe|emit|report)`)

// obsAPI names what a call observes through: an observability package's
// path, or "own logger NAME" for a function, method or func-typed variable
// named like one (a loop that logs the attempt through its own logger logs
// it); "" for anything else.
func obsAPI(callee types.Object) string {
	if callee == nil {
		return ""
	}
	if callee.Pkg() != nil && isObsPackage(callee.Pkg().Path()) {
		return callee.Pkg().Path()
	}
	switch callee.(type) {
	case *types.Func, *types.Var:
		if ownLogger.MatchString(callee.Name()) {
			return "its own logger " + callee.Name()
		}
	}
	return ""
}

// regionRoot is what runs again: the loop, or the helper call with its
// options inline, or the callback's body; nil when unknown.
func regionRoot(r regionRef) ast.Node {
	switch {
	case r.region.Loop != nil:
		return r.region.Loop
	case r.region.Helper != nil && r.region.Helper.Call != nil:
		return r.region.Helper.Call
	case r.region.Body != nil:
		return r.region.Body
	}
	return nil
}

func isObsPackage(path string) bool {
	for _, p := range obsPackages {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// enclosingFunc is the function declaration or literal whose body holds the
// region, or nil.
func enclosingFunc(r regionRef) ast.Node {
	var best ast.Node
	for _, f := range r.pkg.Syntax {
		if f.FileStart > r.region.Pos || r.region.Pos > f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil || n.Pos() > r.region.Pos || r.region.Pos >= n.End() {
				return n == nil
			}
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				best = n
			}
			return true
		})
	}
	return best
}

// usedPackages lists the packages, among those want accepts, whose functions
// or methods are called within root.
func usedPackages(r regionRef, root ast.Node, want func(string) bool) []string {
	if root == nil {
		return nil
	}
	seen := make(map[string]bool)
	ast.Inspect(root, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn, _ := typeutil.Callee(r.pkg.TypesInfo, call).(*types.Func); fn != nil && fn.Pkg() != nil && want(fn.Pkg().Path()) {
				seen[fn.Pkg().Path()] = true
			}
		}
		return true
	})
	var out []string
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// txMethod matches what begins, runs statements on or ends a transaction.
var txMethod = regexp.MustCompile(`^(Begin\w*|Commit|Rollback)$`)

// txType matches a transaction's type name (sql.Tx, pgx.Tx, gorm's *DB in a
// Transaction callback is seen as a tx-callback site instead).
var txType = regexp.MustCompile(`(?i)(^|\.)\*?(tx|txn|transaction)$`)

// touchesTransaction reports whether the region's code begins, uses or ends a
// transaction: a call of Begin*/Commit/Rollback, or a method of a
// transaction type.
func touchesTransaction(r regionRef) bool {
	root := regionRoot(r)
	if root == nil {
		return true // cannot tell: keep the item open
	}
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn, _ := typeutil.Callee(r.pkg.TypesInfo, call).(*types.Func)
		if fn == nil {
			return true
		}
		if txMethod.MatchString(fn.Name()) {
			found = true
		} else if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
			t := types.TypeString(sig.Recv().Type(), nil)
			found = txType.MatchString(t)
		}
		return !found
	})
	return found
}

// counters are the variables a for loop's init statement declares: the
// usual attempt counter.
func counters(r regionRef) map[types.Object]bool {
	out := make(map[types.Object]bool)
	fs, ok := r.region.Loop.(*ast.ForStmt)
	if !ok || fs.Init == nil {
		return out
	}
	if as, ok := fs.Init.(*ast.AssignStmt); ok {
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok {
				if obj := r.pkg.TypesInfo.Defs[id]; obj != nil {
					out[obj] = true
				}
			}
		}
	}
	return out
}

// mentionsAttempt reports whether an argument uses a loop counter or a
// variable named like an attempt count.
func mentionsAttempt(info *types.Info, call *ast.CallExpr, ctr map[types.Object]bool) bool {
	found := false
	for _, a := range call.Args {
		ast.Inspect(a, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || found {
				return !found
			}
			obj := info.Uses[id]
			if _, isVar := obj.(*types.Var); isVar && (ctr[obj] || attemptName.MatchString(id.Name)) {
				found = true
			}
			return !found
		})
	}
	return found
}
