package retryleak

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
	"github.com/retrylint/retrylint/analyzers/retryscope"
)

// A poll condition that answers "not yet" with the response open.
//
// The wait package's helpers (Poll*, ExponentialBackoff*) call their
// condition again when it answers false with a nil error. A condition
// whose attempt got a response and that answers so under a failed-status
// test (if resp.StatusCode != http.StatusOK { return false, nil }), or
// whose answer is a success test of the status (return resp.StatusCode ==
// http.StatusOK, nil), goes round with the body open: the same leak as a
// continue of a retry loop, one connection per round. A close before the
// answer, a deferred one (it runs when the condition returns), a helper
// that gets the response, or the answer true (done) keeps it quiet.

// k8sWaitPkg is where the conditions' types are declared.
const k8sWaitPkg = "k8s.io/apimachinery/pkg/util/wait"

// reportPollConditions reports the "not yet" answers of the package's poll
// conditions that drop an open response.
func reportPollConditions(p *lint.Pass, seen map[token.Pos]bool) {
	tree := code.TreeOf(p.TypesInfo)
	for _, f := range p.Files {
		tree.Inspect(f, callKind, func(n ast.Node) bool {
			for _, lit := range conditionLits(p.TypesInfo, n.(*ast.CallExpr)) {
				c := &checker{info: p.TypesInfo, res: p.Scope, r: &retryscope.Region{Kind: retryscope.CallbackRegion, Body: lit.Body}}
				for _, at := range c.notYetLeaks(lit.Body) {
					if !seen[at.exit.Pos()] {
						seen[at.exit.Pos()] = true
						p.Reportf(at.exit, "%s", pollMessage(at.resp))
					}
				}
			}
			return true
		})
	}
}

var callKind = []ast.Node{(*ast.CallExpr)(nil)}

// conditionLits returns the function literals call passes to the wait
// package where it takes a condition.
func conditionLits(info *types.Info, call *ast.CallExpr) []*ast.FuncLit {
	fn := code.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != k8sWaitPkg {
		return nil
	}
	params := fn.Type().(*types.Signature).Params()
	var out []*ast.FuncLit
	for i, arg := range call.Args {
		lit, ok := ast.Unparen(arg).(*ast.FuncLit)
		if ok && i < params.Len() && isCondition(params.At(i).Type()) {
			out = append(out, lit)
		}
	}
	return out
}

// isCondition reports whether t is the wait package's ConditionFunc or
// ConditionWithContextFunc.
func isCondition(t types.Type) bool {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != k8sWaitPkg {
		return false
	}
	return n.Obj().Name() == "ConditionFunc" || n.Obj().Name() == "ConditionWithContextFunc"
}

type notYetLeak struct {
	exit *ast.ReturnStmt
	resp *types.Var
}

// notYetLeaks returns the returns of a condition body that answer "not yet"
// with a failed response still open.
func (c *checker) notYetLeaks(body *ast.BlockStmt) []notYetLeak {
	var out []notYetLeak
	code.ReturnsAfterIfs(body, func(ret *ast.ReturnStmt, ifs []*ast.IfStmt) bool {
		if resp := c.droppedOnNotYet(ret, ifs); resp != nil {
			out = append(out, notYetLeak{ret, resp})
		}
		return true
	})
	return out
}

// droppedOnNotYet returns the response ret drops when it answers "not yet":
// false as the last statement of a failed-status branch, or a success test
// of the status as the answer.
func (c *checker) droppedOnNotYet(ret *ast.ReturnStmt, ifs []*ast.IfStmt) *types.Var {
	if len(ret.Results) != 2 || !code.IsNil(c.info, ret.Results[1]) {
		return nil
	}
	var e ast.Expr
	from := ast.Node(ret)
	if code.IsBool(c.info, ret.Results[0], false) {
		ifs := enclosingIf(ifs, ret)
		if ifs == nil {
			return nil
		}
		e, _ = failedResponse(c.info, ifs.Cond)
		from = ifs
	} else {
		e = retryscope.FailedStatus(c.info, &ast.UnaryExpr{Op: token.NOT, X: ret.Results[0]})
	}
	resp := c.responseVar(e)
	if e == nil || resp == nil {
		return nil
	}
	got := c.gotInAttempt(resp, from)
	if got == nil || c.handled(resp, got.End(), ret.End()) {
		return nil
	}
	return resp
}

// enclosingIf returns the if of ifs whose body ends with ret, or nil.
func enclosingIf(ifs []*ast.IfStmt, ret *ast.ReturnStmt) *ast.IfStmt {
	for i := len(ifs) - 1; i >= 0; i-- {
		if l := ifs[i].Body.List; len(l) > 0 && l[len(l)-1] == ret {
			return ifs[i]
		}
	}
	return nil
}

func pollMessage(resp *types.Var) string {
	return "failed response " + resp.Name() + " makes the poll condition answer \"not yet\" without closing " + resp.Name() +
		".Body: the poll calls it again and each round leaks a connection; close it (drain it first to reuse the connection) before answering"
}
