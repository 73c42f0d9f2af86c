package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop that asks a person before it goes round is not a retry:
//
//	for err = build(); err != nil && keepGoing; err = build() {
//		log.Printf("build failed: %v; fix it and press a key", err)
//		if err := waitForKeyPress(); err != nil { return err }
//	}
//
// Each round waits on the terminal until someone answers, so nothing here
// runs unattended: the pace is a person's, a permanent error is what the
// person fixes before answering, and Ctrl-C or the end of the input stops
// it. Such a loop (its condition, post statement or body reads the
// process's standard input, directly or through functions of the analysed
// code) is left out of the regions. A loop that reads standard input for
// any other reason (lines of a command's input) is no retry either.

// ReadsStdin marks a function that reads the process's standard input,
// directly or through the functions it calls (loop_asksperson.go).
type ReadsStdin struct{ Origin }

func (*ReadsStdin) AFact() {}

func (*ReadsStdin) String() string { return "reads standard input" }

// stdinScanners read os.Stdin without naming it.
var stdinScanners = map[string]bool{"fmt.Scan": true, "fmt.Scanln": true, "fmt.Scanf": true}

// stdinCheck answers "does this code read standard input", memoized.
type stdinCheck struct {
	res      *Result
	info     *types.Info
	memo     map[*funcNode]bool
	imported map[*types.Func]bool
}

func (res *Result) stdin(pass *analysis.Pass) *stdinCheck {
	if res.stdinCheck == nil {
		c := &stdinCheck{res: res, info: pass.TypesInfo, memo: make(map[*funcNode]bool), imported: make(map[*types.Func]bool)}
		importFuncFacts(pass, func(fn *types.Func, _ *ReadsStdin) { c.imported[fn] = true })
		res.stdinCheck = c
	}
	return res.stdinCheck
}

// asksPerson reports whether a for or range loop reads standard input on its
// way round: in its condition, post statement or body.
func (res *Result) asksPerson(pass *analysis.Pass, stmt ast.Stmt) bool {
	c := res.stdin(pass)
	switch s := stmt.(type) {
	case *ast.ForStmt:
		return (s.Cond != nil && c.reads(s.Cond)) || (s.Post != nil && c.reads(s.Post)) || (s.Body != nil && c.reads(s.Body))
	case *ast.RangeStmt:
		return s.Body != nil && c.reads(s.Body)
	}
	return false
}

// reads reports whether n names os.Stdin or calls a function that reads it.
func (c *stdinCheck) reads(n ast.Node) bool {
	found := false
	code.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.SelectorExpr:
			v, ok := c.info.Uses[m.Sel].(*types.Var)
			found = found || (ok && v.Pkg() != nil && v.Pkg().Path() == "os" && v.Name() == "Stdin")
		case *ast.CallExpr:
			found = found || c.callReads(m)
		}
		return !found
	})
	return found
}

func (c *stdinCheck) callReads(call *ast.CallExpr) bool {
	fn := code.Callee(c.info, call)
	if fn == nil {
		return false
	}
	if stdinScanners[fn.FullName()] || c.imported[fn.Origin()] {
		return true
	}
	node := c.res.funcs.byObj[fn.Origin()]
	return node != nil && c.funcReads(node)
}

func (c *stdinCheck) funcReads(fn *funcNode) bool {
	if v, ok := c.memo[fn]; ok {
		return v
	}
	c.memo[fn] = false // a recursive call adds nothing
	v := fn.body != nil && c.reads(fn.body)
	c.memo[fn] = v
	return v
}

// exportReadsStdin exports ReadsStdin for the package's functions that read
// standard input.
func exportReadsStdin(pass *analysis.Pass, res *Result) {
	if IsExternal(pass) {
		return
	}
	c := res.stdin(pass)
	for _, fn := range res.funcs.list {
		if fn.obj != nil && c.funcReads(fn) {
			exportObjectFact(pass, fn.obj, &ReadsStdin{})
		}
	}
}
