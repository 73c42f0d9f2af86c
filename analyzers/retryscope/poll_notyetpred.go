package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A loop may ask whether the thing it waits for is there through a
// predicate of its own package over the error (isKindNotRegistered(err), a
// method as well):
// a function whose name says "not there yet" and whose body only asks the
// error for absence, by its text (strings.Contains(err.Error(), "no matches
// for kind")) or by a not-found kind (errors.Is(err, errNotFound),
// apierrors.IsNotFound(err)), or by looking its code up in a table of the
// package whose keys all name absent things (a map of "*.NotFound" codes:
// AWS answers so while a new resource is not visible everywhere yet, which
// is what "eventual consistency" names). Such a predicate is a test for absence as a
// "not found" name is (testsAbsence): going round on it waits for something
// to appear. Both must hold: a predicate named for retrying (isRetryable,
// isTemporary) classifies failures, and one named for absence that tests a
// transport failure ("connection refused") or calls any other predicate
// asks something else.

// notYetWords are what a predicate's name says when it asks whether the
// awaited thing is not there yet.
var notYetWords = []string{"notfound", "notexist", "notregistered", "nomatch", "notready", "notserved", "notyet", "eventualconsisten", "propagat"}

// absentText is text that says a thing is not there (yet): besides the
// absent and pending names, what servers say of a kind or a path they do not
// know.
var absentText = regexp.MustCompile(`(?i)(no[ _-]?match|could ?not find|cannot find|can't find|no such|not[ _-]?registered|not[ _-]?served)`)

// asksAbsence reports whether obj is such a predicate.
func asksAbsence(info *types.Info, obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok || !code.NameSays(fn.Name(), notYetWords...) || !overError(fn.Signature()) {
		return false
	}
	decl := code.FuncDeclOf(info, fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	tests, only := 0, true
	code.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			tested, absent := absenceCall(info, n)
			tests, only = tests+tested, only && absent
		case *ast.IndexExpr:
			if keys, isTable := tableKeys(info, n); isTable {
				tests, only = tests+1, only && allSayAbsent(keys)
			}
		case *ast.BinaryExpr:
			// code != "" asks whether there is a code at all, not which.
			if s, isText := textOperand(info, n); isText && s != "" && (n.Op == token.EQL || n.Op == token.NEQ) {
				tests, only = tests+1, only && saysAbsent(s)
			}
		}
		return only
	})
	return only && tests > 0
}

// overError reports whether sig is func(error) bool, a method's or not.
func overError(sig *types.Signature) bool {
	return sig.Params().Len() == 1 && isErrorType(sig.Params().At(0).Type()) &&
		sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool])
}

// textTests are the strings functions that test text against a constant.
var textTests = map[string]bool{"strings.Contains": true, "strings.HasPrefix": true, "strings.HasSuffix": true, "strings.EqualFold": true}

// absenceCall reads one call of a predicate's body: whether it tests the
// error (1) or not (0), and whether it is no test or one for absence.
func absenceCall(info *types.Info, call *ast.CallExpr) (tested int, absent bool) {
	fn := code.Callee(info, call)
	switch {
	case fn == nil:
		return 0, !returnsBool(info, call) // a func value that answers a question: out of reach
	case textTests[fn.FullName()] && len(call.Args) == 2:
		s, isText := code.String(info, call.Args[1])
		return 1, isText && saysAbsent(s)
	case code.IsErrorsFunc(fn, "Is") && len(call.Args) == 2:
		target := code.NameIdent(call.Args[1])
		return 1, target != nil && absentName.MatchString(target.Name)
	case code.IsErrorsFunc(fn, "As"):
		return 0, true // names a type; what it tests comes after
	case returnsBool(info, call):
		return 1, absentName.MatchString(fn.Name())
	}
	return 0, true
}

// textOperand returns the constant text one side of a comparison holds.
func textOperand(info *types.Info, b *ast.BinaryExpr) (string, bool) {
	if s, ok := code.String(info, b.X); ok {
		return s, true
	}
	return code.String(info, b.Y)
}

func saysAbsent(s string) bool {
	return absentName.MatchString(s) || pendingName.MatchString(s) || absentText.MatchString(s)
}

// tableKeys returns the constant keys of the package-level map that ix looks
// up, when that map is a literal assigned once (its declaration).
func tableKeys(info *types.Info, ix *ast.IndexExpr) ([]string, bool) {
	v := code.VarOf(info, ix.X)
	if v == nil || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil, false
	}
	if _, isMap := v.Type().Underlying().(*types.Map); !isMap {
		return nil, false
	}
	def, once := code.SoleDef(info, v)
	lit, isLit := ast.Unparen(def.Value).(*ast.CompositeLit)
	if !once || !isLit {
		return nil, false
	}
	var keys []string
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		s, isText := "", false
		if ok {
			s, isText = code.String(info, kv.Key)
		}
		if !isText {
			return nil, false
		}
		keys = append(keys, s)
	}
	return keys, len(keys) > 0
}

func allSayAbsent(keys []string) bool {
	for _, k := range keys {
		if !saysAbsent(k) {
			return false
		}
	}
	return true
}
