package code

import "go/types"

// Predicates on a basic type. Each takes the type of an expression as
// types.Info records it, which is nil where the code does not type-check: a
// nil type is none of them.

// IsInteger reports whether t's underlying type is an integer type.
func IsInteger(t types.Type) bool { return basicInfo(t)&types.IsInteger != 0 }

// IsNumeric reports whether t's underlying type is an integer, float or
// complex type.
func IsNumeric(t types.Type) bool { return basicInfo(t)&types.IsNumeric != 0 }

// IsBoolean reports whether t's underlying type is bool.
func IsBoolean(t types.Type) bool { return basicInfo(t)&types.IsBoolean != 0 }

func basicInfo(t types.Type) types.BasicInfo {
	if t == nil {
		return 0
	}
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Info()
	}
	return 0
}
