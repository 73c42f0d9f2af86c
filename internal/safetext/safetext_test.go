package safetext

import (
	"strings"
	"testing"
)

func TestLine(t *testing.T) {
	for in, want := range map[string]string{
		"time.Second":                "time.Second",
		"`1s\n::error::x`":           "`1s\\n::error::x`",
		"a\x1b[31mred":               `a\u001B[31mred`,
		"safe\u202etxt.og":           `safe\u202Etxt.og`,
		"zero\u200bwidth":            `zero\u200Bwidth`,
		"bad\xffutf8":                `bad\xffutf8`,
		"tab\there\r\u2028\u0085end": `tab\there\r\u2028\u0085end`,
		"héllo, 世界":                  "héllo, 世界",
	} {
		if got := Line(in); got != want {
			t.Errorf("Line(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCode(t *testing.T) {
	long := strings.Repeat("x", 2*MaxCode)
	got := Code(long, 0)
	if n := len([]rune(got)); n != MaxCode || !strings.HasSuffix(got, "…") {
		t.Errorf("Code(200 x) = %d runes %q", n, got)
	}
	if got := Code("short\n", 10); got != `short\n` {
		t.Errorf("Code = %q", got)
	}
}
