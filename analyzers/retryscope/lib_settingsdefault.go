package retryscope

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// settingConst is the constant a helper's setting is given (code.Const), or
// the default a configuration field's struct tag gives it
// (retry.Attempts(cfg.Attempts) with `default:"3"`: code.TagDefault): the
// helper runs with that default unless the configuration says otherwise.
func settingConst(info *types.Info, e ast.Expr, defs map[types.Object][]ast.Node) constant.Value {
	if v := code.Const(info, e, defs); v != nil {
		return v
	}
	if v, ok := code.TagDefault(info, e); ok {
		return v
	}
	return nil
}
