package retryscope

import (
	"slices"
	"testing"

	"github.com/retrylint/retrylint/internal/rules"
)

// Every family rules.yaml accepts has its library, and the registry has none
// that rules.yaml would reject.
func TestRegistryCoversFamilies(t *testing.T) {
	want := slices.DeleteFunc(rules.HelperFamilies(), func(f string) bool { return f == "generic" })
	slices.Sort(want)
	if got := Families(); !slices.Equal(got, want) {
		t.Errorf("registry families = %v, rules.yaml accepts %v", got, want)
	}
	for _, f := range want {
		if libraries[f].read == nil || libraries[f].hints == nil {
			t.Errorf("library %s: no option reader or no hints", f)
		}
	}
}

// A helper with no library gets the generic advice.
func TestGenericHints(t *testing.T) {
	if got := (&HelperCall{}).Hints(nil); got != genericHints {
		t.Errorf("Hints of a helper without library = %+v, want %+v", got, genericHints)
	}
}
