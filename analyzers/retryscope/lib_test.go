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

// Every client family rules.yaml accepts has its library in the client
// registry, with a reader and what it understands.
func TestClientRegistryCoversFamilies(t *testing.T) {
	want := rules.ClientFamilies()
	slices.Sort(want)
	if got := ClientFamilies(); !slices.Equal(got, want) {
		t.Errorf("client registry families = %v, rules.yaml accepts %v", got, want)
	}
	for _, f := range want {
		l := clientLibraries[f]
		if l.read == nil || !slices.Contains(l.aspects(true), AspectInnerRetries) {
			t.Errorf("client library %s: no reader, or inner retries not understood", f)
		}
	}
}

// A helper family without a declared list of aspects gets them from its
// advice; every helper family retries a callback.
func TestHelperAspects(t *testing.T) {
	l := &library{hints: fixedHints(Hints{Jitter: "x", Bound: "y"})}
	if got, want := l.aspects(false), []string{AspectCallbacks, AspectAttempts, AspectJitter}; !slices.Equal(got, want) {
		t.Errorf("aspects from advice = %v, want %v", got, want)
	}
	for _, lib := range Libraries() {
		if !lib.Client && !slices.Contains(lib.Understands, AspectCallbacks) {
			t.Errorf("helper family %s: callbacks not listed", lib.Family)
		}
	}
}
