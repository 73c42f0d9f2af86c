package idempotencykey

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/textproto"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/code"
	"github.com/retrylint/retrylint/analyzers/internal/lint"
)

// checker holds what the package tells about requests: what each variable is
// assigned, which requests get an idempotency header, and which fields are set.
type checker struct {
	p    *lint.Pass
	info *types.Info
	// headers are the idempotency header names, canonicalised.
	headers map[string]bool
	// fields holds x.F = v assignments: root variable, field name, values.
	fields map[types.Object]map[string][]ast.Expr
	// sets are the idempotency-header assignments per request variable.
	sets map[types.Object][]*hdrSet
	// retryLits are the literals handed to a retry helper.
	retryLits map[*ast.FuncLit]bool
	seen      map[token.Pos]bool
}

// hdrSet is one place that gives a request its idempotency header.
type hdrSet struct {
	// at is the Header.Set/Add call, the header assignment, or the call of a
	// helper that sets the header on its parameter.
	at    ast.Node
	value ast.Expr
	// helper is the function that sets the header, with the call's arguments;
	// nil when the header is set directly.
	helper *ast.FuncDecl
	call   *ast.CallExpr
	// unknown is set for a header whose name is not a constant (or a whole
	// header map assigned from elsewhere): it may be the key, so a missing key
	// is not reported for the request.
	unknown bool
}

func newChecker(p *lint.Pass) *checker {
	c := &checker{p: p, info: p.TypesInfo, headers: make(map[string]bool),
		fields: make(map[types.Object]map[string][]ast.Expr),
		sets:   make(map[types.Object][]*hdrSet), seen: make(map[token.Pos]bool),
		retryLits: make(map[*ast.FuncLit]bool)}
	for _, r := range p.Scope.Regions {
		if r.Helper != nil {
			if lit, ok := ast.Unparen(r.Helper.Callback).(*ast.FuncLit); ok {
				c.retryLits[lit] = true
			}
		}
	}
	for _, h := range p.Knowledge.Knowledge.IdempotencyHeaders {
		c.headers[textproto.CanonicalMIMEHeaderKey(h)] = true
	}
	ins := p.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	code.Preorder(ins, []ast.Node{(*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)}, c.index)
	c.helperSets()
	return c
}

func (c *checker) index(n ast.Node) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		c.assign(n)
	case *ast.CallExpr:
		if obj, set := c.headerCall(n); obj != nil {
			c.sets[obj] = append(c.sets[obj], set)
		}
		c.handedOn(n) // handedon.go
	}
}

func (c *checker) assign(as *ast.AssignStmt) {
	for i, lhs := range as.Lhs {
		rhs := code.RHS(as.Rhs, len(as.Lhs), i)
		switch l := ast.Unparen(lhs).(type) {
		case *ast.SelectorExpr:
			c.fieldAssign(l, rhs)
		case *ast.IndexExpr:
			// req.Header["Idempotency-Key"] = []string{key}
			if obj := c.headerOwner(l.X); obj != nil {
				switch c.keyName(l.Index) {
				case nameKey:
					c.sets[obj] = append(c.sets[obj], &hdrSet{at: as, value: firstElem(rhs)})
				case nameUnknown:
					c.sets[obj] = append(c.sets[obj], &hdrSet{at: as, unknown: true})
				}
			}
		}
	}
}

// defs returns the values assigned to a variable by name in the package (the
// package's def index, code.Values).
func (c *checker) defs(v types.Object) []ast.Expr { return code.Values(c.info, v, nil) }
