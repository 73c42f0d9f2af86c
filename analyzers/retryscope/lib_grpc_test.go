package retryscope

import (
	"slices"
	"testing"

	"github.com/retrylint/retrylint/internal/rules"
)

// Every retry configuration family rules.yaml accepts has its reader, and the
// registry has none that rules.yaml would reject.
func TestConfigReadersCoverFamilies(t *testing.T) {
	var got []string
	for f := range configReaders {
		got = append(got, f)
	}
	slices.Sort(got)
	want := rules.ConfigFamilies()
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("config readers = %v, rules.yaml accepts %v", got, want)
	}
	for _, f := range ConfigFamilies() {
		if len(ConfigAspects(f)) == 0 {
			t.Errorf("family %s: no aspects for the knowledge listing", f)
		}
	}
}

// grpc-go's duration format: seconds with an s suffix, at most nine decimals.
func TestParseGRPCDuration(t *testing.T) {
	for s, want := range map[string]float64{"1s": 1, "0.1s": 0.1, ".5s": 0.5, "1.s": 1, "-2s": -2, "0s": 0} {
		if got, ok := parseGRPCDuration(&jsonNode{kind: jsonString, str: s}); !ok || got != want {
			t.Errorf("parseGRPCDuration(%q) = %v, %v; want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"100ms", "1", "s", "1e3s", "0.1234567891s", "+1s", ""} {
		if _, ok := parseGRPCDuration(&jsonNode{kind: jsonString, str: s}); ok {
			t.Errorf("parseGRPCDuration(%q) accepted", s)
		}
	}
}
