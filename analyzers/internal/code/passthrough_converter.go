package code

import "go/types"

// A converter that wraps the error of a call and hands its value back,
// func[T any](v T, err error) (T, E) with E an error type, returns v or T's
// zero value in its first result just as a must-style wrapper does: its
// later results are errors, which never hold the value. PassThroughArg reads
// its first result so.

// onlyErrorsAfterFirst reports whether every result after the first is of an
// error type that does not name a type parameter.
func onlyErrorsAfterFirst(results *types.Tuple) bool {
	for i := 1; i < results.Len(); i++ {
		t := results.At(i).Type()
		if _, isParam := t.(*types.TypeParam); isParam || !types.Implements(t, errorType.Underlying().(*types.Interface)) {
			return false
		}
	}
	return true
}
