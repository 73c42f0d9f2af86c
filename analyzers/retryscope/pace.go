package retryscope

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A wait that does not grow, or grows without a random part, harms a
// dependency through a herd: many callers that failed together (a restart, a
// network blip) start the same schedule at the same moment and come back in
// step. That needs many callers. Some code shows there is one: what it paces
// is its own process, and nobody shares its schedule to be in step with.

// PacesOneProcess reports whether the region's waits pace one caller of its
// process, so no herd of callers retries in step with it:
//   - a retry its owner stops (StoppedByOwner): a component's reconnect,
//     redelivery or poll loop, run once by the component for its lifetime;
//   - a retry in a command's code (CommandPackage) outside a request
//     handler: a boot-time join, a CLI's own retries, run once per
//     invocation;
//   - a retry a component runs once when it starts (StartsOnce).
//
// A retry a server schedules (Temporal) is not one even in a command: the
// server runs it for every workflow. A request handler's retry runs once per
// request, however many requests are in flight.
func (r *Region) PacesOneProcess() bool { return r.command || r.atStart || r.StoppedByOwner() }

// StartsOnce reports whether the region runs once per start of a long-lived
// component, before it serves (startup_component.go): a boot-time wait.
func (r *Region) StartsOnce() bool { return r.atStart }

// InCommand reports whether the region runs in a command's own code
// (CommandPackage) outside a request handler and outside a retry a server
// schedules: once per invocation, by the one person or job that ran it.
func (r *Region) InCommand() bool { return r.command }

// CommandPackage reports whether pkg is code of a command: a package main,
// or a package whose import path has an element cmd, which the Go layout
// convention gives the commands a module builds (cmd/<name>/..., with the
// packages only they import).
func CommandPackage(pkg *types.Package) bool {
	if pkg.Name() == "main" {
		return true
	}
	for elem := range strings.SplitSeq(pkg.Path(), "/") {
		if elem == "cmd" {
			return true
		}
	}
	return false
}

// markCommand decides, for the regions of a command's package, which run
// once per invocation of the command (Region.PacesOneProcess).
func markCommand(pass *analysis.Pass, res *Result) {
	if !CommandPackage(pass.Pkg) {
		return
	}
	for _, r := range res.Regions {
		scheduled := r.Kind == CallbackRegion && r.Helper != nil && r.Helper.Scheduled()
		r.command = !scheduled && !res.servesRequests(r)
	}
}

// servesRequests reports whether the region lies in an HTTP handler: a
// function, or a function around it, that takes a *net/http.Request.
func (res *Result) servesRequests(r *Region) bool {
	for fn := res.funcs.find(r.Func); fn != nil; fn = fn.parent {
		if fn.typ == nil || fn.typ.Params == nil {
			continue
		}
		for _, field := range fn.typ.Params.List {
			if takesRequest(res.info, field.Type) {
				return true
			}
		}
	}
	return false
}

func takesRequest(info *types.Info, typ ast.Expr) bool {
	return isRequestPtr(info.TypeOf(typ))
}

// RetriesOnceInProcess reports whether a loop region paces one process
// (PacesOneProcess) and goes round at most twice (RoundsAtMost): its one
// retry is one more call of one process, which makes no burst however soon
// it comes. A second try of a diagnostic command, or of a join at start, is
// such a retry; a request handler's, or one of five, is not.
func (res *Result) RetriesOnceInProcess(r *Region) bool {
	if !r.PacesOneProcess() {
		return false
	}
	n, ok := res.RoundsAtMost(r)
	return ok && n <= 2
}

// KeepsErrorsOfOneRetry reports whether a loop retries once in one process
// (RetriesOnceInProcess) and keeps each attempt's failure to itself: every
// variable holding it is declared in the loop, and no statement of the loop
// returns, stores or sends it, or hands it to a call as a failure (its text
// for a logger is a message: receives). Nobody waits for an answer from such
// a loop, and telling a permanent failure apart would save one call.
func (res *Result) KeepsErrorsOfOneRetry(r *Region) bool {
	if r.Kind != LoopRegion || len(r.ErrVars) == 0 || !res.RetriesOnceInProcess(r) {
		return false
	}
	for _, v := range r.ErrVars {
		if v.Pos() < r.Loop.Pos() || v.Pos() >= r.Loop.End() {
			return false
		}
	}
	kept := true
	ast.Inspect(r.Loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			kept = kept && !mentions(res.info, n, r.ErrVars)
		case *ast.AssignStmt:
			kept = kept && !slices.ContainsFunc(n.Rhs, func(e ast.Expr) bool { return mentions(res.info, e, r.ErrVars) })
		case *ast.SendStmt:
			kept = kept && !mentions(res.info, n.Value, r.ErrVars)
		case *ast.CallExpr:
			kept = kept && !receives(res.info, n, r.ErrVars)
		}
		return kept
	})
	return kept
}
