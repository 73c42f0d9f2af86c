package message

import (
	"strings"
	"testing"
)

func TestMake(t *testing.T) {
	hostile := "`1s\x1b[31m\u202e\n::error::pwned`"
	got := Make("fixedsleep", "retry waits %s before every attempt", hostile)
	if strings.ContainsAny(got, "\n\x1b\u202e") || !strings.Contains(got, `\n::error::pwned`) {
		t.Errorf("Make = %q", got)
	}
	long := strings.Repeat("x", 1000)
	if got := Make("r", "waits %s", long); len([]rune(got)) > len("waits ")+200 {
		t.Errorf("code argument not capped: %d runes", len([]rune(got)))
	}
	prose := strings.Repeat("word ", 60) // 300 characters of a rule's own text
	if got := Make("r", "%s", prose); got != prose {
		t.Errorf("a whole-message argument was cut: %q", got)
	}
	NameRule = true
	defer func() { NameRule = false }()
	if got := Make("nojitter", "no jitter"); got != "no jitter (nojitter)" {
		t.Errorf("NameRule: %q", got)
	}
}
