package retryscope

import "go/types"

// Layer returns the declared function whose own retry the inner layer is:
// the function carrying the Retries fact that the attempt calls, directly or
// one level down (a store method whose Begin retries: Begin). Many outer
// retries that reach one such function share one inner layer, which a
// reviewer changes once. It is nil for a retry helper called in the attempt
// and for a self-retrying client: each such call is a layer of its own.
func (in *InnerRetry) Layer() *types.Func {
	if in == nil {
		return nil
	}
	return in.layer
}
