package httptimeout

import (
	"reflect"
	"testing"
)

// A test that compares the field with an assertion of another package sends
// nothing through it.
func TestHookCtrlClient(t *testing.T) {
	k := newHookCtrl()
	if reflect.ValueOf(k.client).IsNil() {
		t.Fatal("no client")
	}
}
