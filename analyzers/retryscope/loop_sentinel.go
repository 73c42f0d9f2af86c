package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A retry that goes round only on its own package's in-process conflict.
//
// An optimistic-concurrency loop reads in-memory state, tries to act on it,
// and goes round when the state moved on meanwhile: `if err == errStale {
// continue }`, where errStale is a sentinel of the package that its code
// returns from a check of its own state, before it calls out of the process.
// Going round retries that check, not a failing dependency, and overloads
// nobody: the region is local. A sentinel returned after a remote call (a 429
// read into ErrThrottled) reports another system's state, and a sentinel of
// a package out of sight (io.EOF, sql.ErrNoRows) may: both keep the region
// remote. A sentinel of another package of the analysed code is judged by
// that package, where it is returned (the LocalSentinel fact).

// A retry that goes round only on a conflict of a conditional write.
//
// A compare-and-swap restart reads the state anew in each round, writes it
// back on the condition that it did not change meanwhile, and goes round only
// when the write answers that it did: gRPC FailedPrecondition or Aborted, an
// HTTP 409 or 412, an error or a predicate of the error named for a conflict
// or a failed precondition (isConditionNotMet(err): the name cloud storage
// gives its 412; decided on set H1). Another writer won, the
// server is fine, and the next round works on fresh state: like a database
// transaction restarted after a serialization failure (cockroach-go's crdb
// helpers), it restarts at once by design (Region.RestartsOnConflict). Going
// round on any other answer, or writing the same state again without a read,
// is a retry.

// RestartsOnConflict reports whether the region is a compare-and-swap
// restart: every way back to its next attempt passes a test that the error is
// a conflict, and each retried write takes a value read in the same round.
func (r *Region) RestartsOnConflict() bool { return r.conflictRestart }

// restartsOnConflict decides Region.RestartsOnConflict for a loop region.
func (f *flow) restartsOnConflict(l *loop, r *Region, retrying []*outcomeCheck) bool {
	if r.ways == nil || !r.ways.passOnly(conflict) {
		return false
	}
	for _, c := range retrying {
		if !f.writesFreshRead(l, c) {
			return false
		}
	}
	return true
}

// conflict reports whether an error class is a write's conflict answer.
func conflict(c errorClass) bool {
	switch {
	case c.conflict:
		return true
	case c.statuses != nil:
		only := false
		for s := int64(minStatus); s < maxStatus; s++ {
			if c.statuses.has(s) {
				if s != http.StatusConflict && s != http.StatusPreconditionFailed {
					return false
				}
				only = true
			}
		}
		return only
	case c.code != "":
		return c.code == "FailedPrecondition" || c.code == "Aborted" || namesConflict(c.code)
	case c.sentinel != nil:
		return namesConflict(c.sentinel.Name())
	case c.typ != nil:
		return namesConflict(c.typ.Name())
	}
	return false
}

// namesConflict: ErrConflict, errVersionConflict, ConcurrentUpdateError,
// ErrPreconditionFailed, VersionMismatchError, isConditionNotMet.
func namesConflict(name string) bool { return code.NameSays(name, conflictWords...) }

var conflictWords = []string{"conflict", "concurrentupdate", "concurrentmodification", "preconditionfailed", "versionmismatch", "conditionnotmet"}

// conflictPredicate reports whether call is a predicate of the attempt's
// error whose name says it answers a write's conflict (isConflict(err),
// storage.IsPreconditionFailed(err)): read by its name when its body is out
// of reach or more than one test (predicateClass reads the rest).
func (f *flow) conflictPredicate(call *ast.CallExpr, vars []types.Object) bool {
	fn := code.Callee(f.info, call)
	if fn == nil || !returnsBool(f.info, call) || !namesConflict(fn.Name()) {
		return false
	}
	return slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return isErrVar(f.info, a, vars) })
}

// writesFreshRead reports whether the attempt of check c takes a value that
// another call of the loop, asking the same thing (a variable both use,
// contexts aside: the client, the key), returned: the state the write is
// conditional on, read anew in the round or on the way back to the write
// (stored, err := api.Get(ctx, name); obj = stored; goto update); or is a
// function of the package that reads before it writes.
func (f *flow) writesFreshRead(l *loop, c *outcomeCheck) bool {
	if len(c.attempts) == 0 {
		return false
	}
	write := c.attempts[0]
	for _, d := range code.DefsIn(f.info, l.pos, l.end) {
		read, ok := ast.Unparen(d.Value).(*ast.CallExpr)
		if !ok || read == write || d.Func != f.fn.node || d.Var == nil || isErrorType(d.Var.Type()) || slices.Contains(c.attempts, read) {
			continue
		}
		if f.usesElements(l, c.attempts, []types.Object{d.Var}) && sharesOperand(f.info, read, write) {
			return true
		}
	}
	return f.rereadsBeforeWrite(write) // loop_conflictreread.go
}

// sharesOperand reports whether two calls use a variable in common, contexts
// aside.
func sharesOperand(info *types.Info, a, b *ast.CallExpr) bool {
	var used []types.Object
	code.Inspect(a, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, isVar := info.Uses[id].(*types.Var); isVar && !IsContext(v.Type()) {
				used = append(used, v)
			}
		}
		return true
	})
	return mentions(info, b, used)
}

// retriesOnlyLocalSentinel reports whether every way from the region's
// failure back to its next attempt passes a test that the error is a
// sentinel that its package returns only before any remote call in the same
// function (isLocalSentinel).
func (rc *remoteCheck) retriesOnlyLocalSentinel(r *Region) bool {
	if r.ways == nil {
		return false
	}
	return r.ways.passOnly(func(c errorClass) bool { return c.sentinel != nil && rc.isLocalSentinel(c.sentinel) })
}

// isLocalSentinel decides a sentinel of this package (localSentinel, once)
// or of another package of the analysed code (its LocalSentinel fact): a
// sentinel of the module is as local as the code that returns it. One of
// code out of sight (io.EOF, sql.ErrNoRows) is not.
func (rc *remoteCheck) isLocalSentinel(v *types.Var) bool {
	if v.Pkg() != rc.pass.Pkg {
		return importObjectFact(rc.pass, v, &LocalSentinel{})
	}
	local, ok := rc.sentinels[v]
	if !ok {
		local = rc.localSentinel(v)
		rc.sentinels[v] = local
	}
	return local
}

// isSentinel: errors.Is(err, v) on the attempt's error, v a package-level
// variable, lets through v.
func (f *flow) isSentinel(call *ast.CallExpr, vars []types.Object) *errorClass {
	fn := code.Callee(f.info, call)
	if !code.IsErrorsFunc(fn, "Is") || len(call.Args) != 2 || !isErrVar(f.info, call.Args[0], vars) {
		return nil
	}
	if v := packageVar(f.info, call.Args[1]); v != nil {
		return &errorClass{sentinel: v}
	}
	return nil
}

// sentinelCompare: err == v lets through v when true, err != v when false.
func (f *flow) sentinelCompare(b *ast.BinaryExpr, vars []types.Object) classTest {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return classTest{}
	}
	other := b.Y
	if !isErrVar(f.info, b.X, vars) {
		if !isErrVar(f.info, b.Y, vars) {
			return classTest{}
		}
		other = b.X
	}
	v := packageVar(f.info, other)
	if v == nil {
		return classTest{}
	}
	if b.Op == token.EQL {
		return classTest{onTrue: leaf(&errorClass{sentinel: v})}
	}
	return classTest{onFalse: leaf(&errorClass{sentinel: v})}
}

// isErrVar reports whether e is one of the attempt's error variables itself.
func isErrVar(info *types.Info, e ast.Expr, vars []types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && slices.Contains(vars, info.Uses[id])
}

// packageVar returns the package-level variable e names, or nil.
func packageVar(info *types.Info, e ast.Expr) *types.Var {
	id := code.NameIdent(e)
	if id == nil {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	return v
}

// localSentinel reports whether v is an error of this package, set once
// with errors.New or fmt.Errorf, that the package only compares with errors
// and returns (or assigns to a local variable) before any call in the same
// function that may reach another system.
func (rc *remoteCheck) localSentinel(v *types.Var) bool {
	info := rc.pass.TypesInfo
	if v.Pkg() != rc.pass.Pkg {
		return false
	}
	d, ok := code.SoleDef(info, v)
	if !ok || d.Op != token.VAR || !newError(info, d.Value) {
		return false
	}
	returned := false
	for id, obj := range info.Uses {
		if obj != v {
			continue
		}
		ret, local := rc.sentinelUse(id)
		if !local {
			return false
		}
		returned = returned || ret
	}
	return returned // a sentinel the package never returns comes from elsewhere
}

// newError reports whether e makes a new error: errors.New or fmt.Errorf.
func newError(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := code.Callee(info, call)
	return code.IsErrorsFunc(fn, "New") || fn != nil && fn.FullName() == "fmt.Errorf"
}

// sentinelUse decides one use of a sentinel: a comparison (local), or a
// return, directly or through a local variable (returned; local when no
// remote call comes before it in its function declaration). Any other use
// (stored in a field, wrapped, handed to a call, its address taken) may carry
// it past a remote call: not local.
func (rc *remoteCheck) sentinelUse(id *ast.Ident) (returned, local bool) {
	info := rc.pass.TypesInfo
	path := code.TreeOf(info).Enclosing(id)
	if len(path) < 2 {
		return false, false
	}
	switch p := path[1].(type) {
	case *ast.BinaryExpr:
		return false, p.Op == token.EQL || p.Op == token.NEQ
	case *ast.CaseClause:
		return false, true // case v: of a switch on an error
	case *ast.CallExpr:
		fn := code.Callee(info, p)
		return false, code.IsErrorsFunc(fn, "Is") && len(p.Args) == 2 && ast.Unparen(p.Args[1]) == id
	case *ast.ReturnStmt:
	case *ast.AssignStmt:
		if !assignsLocals(info, p, id) {
			return true, false
		}
	default:
		return true, false
	}
	decl, ok := path[len(path)-1].(*ast.FuncDecl)
	return true, ok && decl.Body != nil && !rc.remoteBefore(decl.Body, id.Pos())
}

// assignsLocals reports whether id is a value of the assignment and every
// variable it assigns is a local one (not a field, an element or a
// package-level variable that outlives the call).
func assignsLocals(info *types.Info, as *ast.AssignStmt, id *ast.Ident) bool {
	if !slices.ContainsFunc(as.Rhs, func(e ast.Expr) bool { return e == ast.Expr(id) }) {
		return false
	}
	for _, lhs := range as.Lhs {
		v := code.VarOf(info, lhs)
		if v == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || v.IsField() {
			return false
		}
	}
	return true
}

// remoteBefore reports whether the code of body before pos may reach another
// system: the walk of remote.go over that part, except that a call of a
// function of this package that calls its function parameters is decided
// with the arguments it is given (callRemote).
func (rc *remoteCheck) remoteBefore(body *ast.BlockStmt, pos token.Pos) bool {
	decided := map[*ast.Ident]bool{}
	remote := false
	code.TreeOf(rc.pass.TypesInfo).Inspect(body, remoteKinds, func(n ast.Node) bool {
		if remote || n.Pos() >= pos {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if f := rc.callsParams(call); f != nil {
				decided[code.NameIdent(call.Fun)] = true
				remote = rc.callRemote(call, f)
				return !remote
			}
		}
		o, _ := rc.step(n)
		remote = o.remote()
		return !remote
	})
	if remote {
		return true
	}
	for _, id := range rc.refsIn(body) {
		if id.Pos() >= pos {
			break
		}
		if decided[id] {
			continue
		}
		if o, _ := rc.step(id); o.remote() {
			return true
		}
	}
	return false
}

// callsParams returns the function of this package that call names, when it
// has a parameter of function type; else nil.
func (rc *remoteCheck) callsParams(call *ast.CallExpr) *funcNode {
	fn := code.Callee(rc.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	f := rc.own(fn)
	if f == nil || f.body == nil {
		return nil
	}
	if slices.ContainsFunc(f.params(rc.pass.TypesInfo), isFuncVar) {
		return f
	}
	return nil
}

func isFuncVar(v *types.Var) bool {
	if v == nil {
		return false
	}
	_, ok := v.Type().Underlying().(*types.Signature)
	return ok
}

// callRemote decides a call of a function of this package whose calls
// through its own function parameters run the call's arguments: remote when
// a function argument is, or when the body is, calls of those parameters
// aside. A parameter assigned in the body is not the argument: remote.
func (rc *remoteCheck) callRemote(call *ast.CallExpr, f *funcNode) bool {
	info := rc.pass.TypesInfo
	params := f.params(info)
	for i, p := range params {
		if !isFuncVar(p) {
			continue
		}
		if i >= len(call.Args) || call.Ellipsis.IsValid() || rc.valueRemote(call.Args[i]) || assigned(info, p) {
			return true
		}
	}
	remote := false
	code.TreeOf(info).Inspect(f.body, remoteKinds, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if v := code.VarOf(info, c.Fun); v != nil && slices.Contains(params, v) {
				return true
			}
		}
		o, _ := rc.step(n)
		remote = o.remote()
		return !remote
	})
	if remote {
		return true
	}
	for _, id := range rc.refsIn(f.body) {
		if o, _ := rc.step(id); o.remote() {
			return true
		}
	}
	return false
}
