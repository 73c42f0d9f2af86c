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
	var root ast.Node = r.region.Body
	if r.region.Loop != nil {
		root = r.region.Loop
	} else if h := r.region.Helper; h != nil && h.Call != nil {
		root = h.Call
	}
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
		fn, _ := typeutil.Callee(info, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil || !isObsPackage(fn.Pkg().Path()) {
			return true
		}
		apis[fn.Pkg().Path()] = true
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

func isObsPackage(path string) bool {
	for _, p := range obsPackages {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
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
