package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// loop is a cycle of a function's control flow: a for or range statement, or a
// label that a later goto jumps back to.
type loop struct {
	stmt     ast.Stmt
	header   *cfg.Block
	done     *cfg.Block
	pos, end token.Pos
	// endTests are the io.EOF tests of the drains in loops nested in this
	// one, and ends the blocks they go to when the stream ended: the normal
	// end of a page, no failure of this loop (loop_drainend.go).
	endTests, ends map[*cfg.Block]bool
	// again, for a recursion's whole-body loop, are the blocks that call the
	// function again: reaching one is going round (loop_recursion.go).
	again map[*cfg.Block]bool
}

// flow is one function's control-flow graph with what the loop analysis needs.
type flow struct {
	pass *analysis.Pass
	res  *Result
	fn   *funcNode
	g    *cfg.CFG
	info *types.Info
	// tags maps a case value of a tagged switch to the switch's tag. The
	// value, not its block, is the key: the CFG evaluates the first value in
	// the block before the switch, each later one in the block of the value
	// before it (KindSwitchNextCase), so no block tells a value's clause.
	tags map[ast.Expr]ast.Expr

	variantOf map[*loop]map[types.Object]bool
	varyingOf map[*loop]map[types.Object]bool // loop_varies.go
	// reading are the predicates whose body classOf is reading
	// (predicateClass), so that a recursive one ends.
	reading map[*types.Func]bool
	// closureDefs caches loopClosureDefs (wait_closure.go).
	closureDefs map[*loop]map[types.Object][]ast.Expr
	fieldsOf    map[*loop]fieldWrites
	preds       map[*cfg.Block][]*cfg.Block
	drawsOf     map[*loop]*draws
}

func newFlow(pass *analysis.Pass, res *Result, fn *funcNode) *flow {
	f := &flow{pass: pass, res: res, fn: fn, info: pass.TypesInfo, tags: make(map[ast.Expr]ast.Expr)}
	f.g = NewCFG(pass.TypesInfo, fn.body)
	for _, sw := range fn.switches {
		for _, c := range sw.Body.List {
			for _, v := range c.(*ast.CaseClause).List {
				f.tags[v] = sw.Tag
			}
		}
	}
	return f
}

// loops returns the loops of the function in source order.
func (f *flow) loops() []*loop {
	var out []*loop
	byStmt := make(map[ast.Stmt]*loop)
	for _, b := range f.g.Blocks {
		get := func() *loop {
			l := byStmt[b.Stmt]
			if l == nil {
				l = &loop{stmt: b.Stmt, pos: b.Stmt.Pos(), end: b.Stmt.End()}
				byStmt[b.Stmt] = l
				out = append(out, l)
			}
			return l
		}
		switch b.Kind {
		case cfg.KindForLoop, cfg.KindRangeLoop:
			get().header = b
		case cfg.KindForBody:
			// A for without a condition jumps back to its body: that is the header.
			if fs, ok := b.Stmt.(*ast.ForStmt); ok && fs.Cond == nil {
				get().header = b
			}
		case cfg.KindForDone, cfg.KindRangeDone:
			get().done = b
		case cfg.KindLabel:
			if l := f.gotoLoop(b); l != nil {
				out = append(out, l)
			}
		}
	}
	var ok []*loop
	for _, l := range out {
		if l.header != nil && l.header.Live {
			ok = append(ok, l)
		}
	}
	f.drainEnds(ok)
	return ok
}

// gotoLoop returns the loop a label makes when a later goto jumps back to it.
func (f *flow) gotoLoop(b *cfg.Block) *loop {
	ls, ok := b.Stmt.(*ast.LabeledStmt)
	if !ok {
		return nil
	}
	end := lastGotoBack(f.info, f.fn.body, ls)
	if !end.IsValid() {
		return nil
	}
	return &loop{stmt: ls, header: b, pos: ls.Pos(), end: end}
}

// lastGotoBack returns the end of the last goto of body (function literals
// aside) that jumps back to the label of ls, or token.NoPos: where the
// rounds of the goto loop it makes end.
func lastGotoBack(info *types.Info, body *ast.BlockStmt, ls *ast.LabeledStmt) token.Pos {
	end := token.NoPos
	walkBody(info, body, []ast.Node{(*ast.BranchStmt)(nil)}, func(n ast.Node) bool {
		if br, ok := n.(*ast.BranchStmt); ok && br.Tok == token.GOTO && br.Label != nil &&
			br.Label.Name == ls.Label.Name && br.Pos() > ls.Pos() && br.End() > end {
			end = br.End()
		}
		return true
	})
	return end
}

// blockPos is where a block's code starts, for deciding which loop holds it.
func blockPos(b *cfg.Block) token.Pos {
	if len(b.Nodes) > 0 {
		return b.Nodes[0].Pos()
	}
	if b.Stmt != nil {
		return b.Stmt.Pos()
	}
	return token.NoPos
}

func (l *loop) holds(b *cfg.Block) bool {
	if b == l.done {
		return false
	}
	p := blockPos(b)
	return p.IsValid() && l.pos <= p && p < l.end
}

func (l *loop) contains(pos token.Pos) bool { return l.pos <= pos && pos < l.end }

// reachesHeader reports whether a path from start gets back to the loop's header
// without leaving the loop, and without passing the end of an inner drain (a
// stream that said io.EOF ended normally: no failure goes round that way).
func (l *loop) reachesHeader(start *cfg.Block) bool {
	return searchBlocks([]*cfg.Block{start}, nil, l.towardHeader)
}

// towardHeader searches the loop for its header: the search stops there and
// does not leave the loop.
func (l *loop) towardHeader(b *cfg.Block) blockStep {
	switch {
	case b == l.header:
		return stopHere
	case !l.holds(b) || l.ends[b]:
		return skip
	}
	return follow
}

// unavoidable reports whether every way around the loop passes through one of
// the blocks that make the attempt: a retry loop attempts on every iteration,
// while an event loop that tries something on some iterations only (and exits
// once it works) is not a retry.
func (l *loop) unavoidable(attempt map[*cfg.Block]bool) bool {
	if attempt[l.header] {
		return true
	}
	seen := make(map[*cfg.Block]bool)
	for b := range attempt {
		seen[b] = true
	}
	return !searchBlocks(l.header.Succs, seen, func(b *cfg.Block) blockStep {
		if b == l.header {
			return stopHere
		}
		if !l.holds(b) {
			return skip
		}
		return follow
	})
}

// alwaysLeaves reports whether every path from start leaves the loop (return,
// break, panic) before the header, where paths through a later failure check of
// the same attempt follow only its success side.
func (f *flow) alwaysLeaves(l *loop, start *cfg.Block, same func(*cfg.Block) *outcomeCheck) bool {
	seen := map[*cfg.Block]bool{}
	leaves := false
	var visit func(b *cfg.Block) bool
	visit = func(b *cfg.Block) bool {
		if b == l.header {
			return false
		}
		if len(b.Succs) == 0 || !l.holds(b) {
			leaves = true
			return true
		}
		if seen[b] {
			return true
		}
		seen[b] = true
		if c := same(b); c != nil {
			return visit(c.success())
		}
		for _, s := range b.Succs {
			if !visit(s) {
				return false
			}
		}
		return true
	}
	return visit(start) && leaves
}

// mayReturn tells the CFG builder which calls never return, so that a log.Fatal on
// the failure path is an exit, not a fall-through.
func mayReturn(info *types.Info, call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "panic" {
		return !code.IsPanic(info, call)
	}
	fn := code.Callee(info, call)
	if fn == nil {
		return true
	}
	if strings.HasPrefix(fn.Name(), "Fatal") && fn.Pkg() != nil {
		return false // log, zap, logrus, klog, testing: Fatal* exits
	}
	switch fn.FullName() {
	case "os.Exit", "log.Fatal", "log.Fatalf", "log.Fatalln", "log.Panic", "log.Panicf", "log.Panicln",
		"(*log.Logger).Fatal", "(*log.Logger).Fatalf", "(*log.Logger).Fatalln",
		"(*testing.common).FailNow", "(*testing.common).Fatal", "(*testing.common).Fatalf",
		"(*testing.common).Skip", "(*testing.common).Skipf", "(*testing.common).SkipNow", "runtime.Goexit":
		return false
	}
	return true
}
