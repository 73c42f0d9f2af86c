// Package labels is a stub of k8s.io/apimachinery/pkg/labels (v0.36.1) for
// analysistest, reduced to Selector and Set.
package labels

// Labels gives access to the labels of an object.
type Labels interface {
	Has(label string) bool
	Get(label string) string
}

// Selector matches labels.
type Selector interface {
	Matches(Labels) bool
	Empty() bool
	String() string
}

// Set is a map of label names to values.
type Set map[string]string

func (ls Set) Has(label string) bool   { _, ok := ls[label]; return ok }
func (ls Set) Get(label string) string { return ls[label] }

// AsSelector returns a selector that matches these labels.
func (ls Set) AsSelector() Selector { return nil }

// Everything returns a selector that matches all labels.
func Everything() Selector { return nil }

// SelectorFromSet returns a selector that matches the labels of ls.
func SelectorFromSet(ls Set) Selector { return nil }
