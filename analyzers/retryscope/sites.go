package retryscope

import (
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// SitesAnalyzer finds the places the merge-review checklist asks about. It is
// separate from the engine so that only the checklist, which adds it to its
// analyzers, pays for it: go vet and golangci-lint runs of the rules do not.
// The result is a []Site in source order.
var SitesAnalyzer = &analysis.Analyzer{
	Name:       "retrylintsites",
	Doc:        "find the places the review checklist asks about",
	URL:        "https://github.com/retrylint/retrylint/tree/main/analyzers/retryscope",
	Requires:   []*analysis.Analyzer{inspect.Analyzer, Analyzer},
	ResultType: reflect.TypeOf([]Site(nil)),
	Run:        runSites,
}

func runSites(pass *analysis.Pass) (result any, err error) {
	defer func() {
		if v := recover(); v != nil { // drivers do not recover: an error instead
			result, err = nil, Recovered("retrylintsites", pass, v)
		}
	}()
	return findSites(pass, pass.ResultOf[Analyzer].(*Result)), nil
}

// findSites lists the sites from everything else the engine found, plus one walk
// over the package for HTTP clients, external calls and non-idempotent requests.
// The checklist joins sites with the diff, so a site only needs a position range
// and a short description; deciding whether it is right is the rules' job.
func findSites(pass *analysis.Pass, res *Result) []Site {
	var sites []Site
	for _, r := range res.Regions {
		sites = append(sites, regionSite(r))
	}
	for _, tx := range res.TxCallbacks {
		sites = append(sites, txSite(tx))
	}
	for _, h := range res.Handlers {
		sites = append(sites, handlerSite(pass, h))
	}
	sites = append(sites, callSites(pass, res)...)
	sort.SliceStable(sites, func(i, j int) bool {
		if sites[i].Pos != sites[j].Pos {
			return sites[i].Pos < sites[j].Pos
		}
		return sites[i].Kind < sites[j].Kind
	})
	return sites
}

// regionSite spans the loop, the helper call, or (for recursion) the whole
// function, since the recursive call alone does not show what is retried.
func regionSite(r *Region) Site {
	s := Site{Kind: SiteRetry, Pos: r.Pos, End: r.Pos, Detail: r.Kind.String()}
	switch {
	case r.Loop != nil:
		s.Pos, s.End = r.Loop.Pos(), r.Loop.End()
	case r.Helper != nil && r.Helper.Call != nil:
		s.Pos, s.End = r.Helper.Call.Pos(), r.Helper.Call.End()
		if r.Helper.Func != nil {
			s.Detail += " of " + r.Helper.Func.FullName()
		}
	case r.Func != nil:
		s.End = r.Func.End()
	}
	return s
}

func txSite(tx *TxCallback) Site {
	s := Site{Kind: SiteTxCallback, Detail: "transaction callback"}
	if tx.Helper != nil {
		s.Detail += " of " + tx.Helper.FullName()
	}
	if tx.Retries {
		s.Detail += " (retried)"
	}
	var n ast.Node = tx.Call
	if tx.Callback != nil {
		n = tx.Callback
	}
	if n != nil {
		s.Pos, s.End = n.Pos(), n.End()
	}
	return s
}

func handlerSite(pass *analysis.Pass, h *Handler) Site {
	s := Site{Kind: SiteHandler, Detail: "message handler"}
	if h.Func != nil {
		s.Pos, s.End = h.Func.Pos(), h.Func.End()
	}
	if len(h.Checkpoints) > 0 {
		if fn := code.Callee(pass.TypesInfo, h.Checkpoints[0]); fn != nil {
			s.Detail += " (checkpoint " + fn.FullName() + ")"
		}
	}
	return s
}

// httpFuncs are the net/http package functions that send with DefaultClient.
var httpFuncs = map[string]bool{"Get": true, "Head": true, "Post": true, "PostForm": true}

// callSites walks the package once for the sites that are plain expressions.
func callSites(pass *analysis.Pass, res *Result) []Site {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	filter := []ast.Node{(*ast.CompositeLit)(nil), (*ast.CallExpr)(nil), (*ast.SelectorExpr)(nil)}
	var sites []Site
	add := func(kind SiteKind, n ast.Node, detail string) {
		sites = append(sites, Site{Kind: kind, Pos: n.Pos(), End: n.End(), Detail: detail})
	}
	code.Preorder(ins, filter, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if code.IsNamed(pass.TypesInfo.TypeOf(n), "net/http", "Client") {
				add(SiteHTTPClient, n, "http.Client literal")
			}
		case *ast.SelectorExpr:
			if v, ok := pass.TypesInfo.Uses[n.Sel].(*types.Var); ok && code.IsObject(v, "net/http", "DefaultClient") {
				add(SiteHTTPClient, n, "http.DefaultClient")
			}
		case *ast.CallExpr:
			for _, s := range callSite(pass.TypesInfo, res, n) {
				add(s.Kind, n, s.Detail)
			}
		}
	})
	return sites
}

// callSite classifies one call; a call can be several sites at once (http.Post
// is a client use, an external call and a non-idempotent send).
func callSite(info *types.Info, res *Result, call *ast.CallExpr) []Site {
	if code.IsNamed(code.NewOf(info, call), "net/http", "Client") {
		return []Site{{Kind: SiteHTTPClient, Detail: "new(http.Client)"}}
	}
	fn := code.Callee(info, call)
	if fn == nil {
		return nil
	}
	var out []Site
	// Methods ((*http.Client).Get) are sites only through the client's own
	// construction.
	if fn.Pkg() != nil && fn.Pkg().Path() == "net/http" && httpFuncs[fn.Name()] && !code.IsMethod(fn) {
		out = append(out, Site{Kind: SiteHTTPClient, Detail: "net/http." + fn.Name() + " (DefaultClient)"})
	}
	if res.Knowledge != nil && res.Knowledge.IsExternal(fn) {
		out = append(out, Site{Kind: SiteExternal, Detail: fn.FullName()})
	}
	if m := unsafeMethod(info, fn, call); m != "" {
		out = append(out, Site{Kind: SiteUnsafeWrite, Detail: m + " request (" + fn.FullName() + ")"})
	}
	return out
}

// unsafeMethod returns "POST" or "PATCH" when the call builds or sends a request
// with that method, "" otherwise. A method that is not a constant is not
// reported: the checklist would only guess.
func unsafeMethod(info *types.Info, fn *types.Func, call *ast.CallExpr) string {
	if fn.Pkg() == nil || fn.Pkg().Path() != "net/http" {
		return ""
	}
	switch fn.Name() {
	case "Post", "PostForm":
		return "POST"
	case "NewRequest", "NewRequestWithContext":
	default:
		return ""
	}
	i := 0
	if fn.Name() == "NewRequestWithContext" {
		i = 1
	}
	if len(call.Args) <= i {
		return ""
	}
	tv, ok := info.Types[call.Args[i]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return ""
	}
	switch m := constant.StringVal(tv.Value); m {
	case "POST", "PATCH":
		return m
	}
	return ""
}
