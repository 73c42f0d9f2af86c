package rules

import "testing"

func TestScratch(t *testing.T) {
	k := Default()
	t.Log(len(k.Rules), len(k.Knowledge.RetryHelpers), len(k.Checklist), k.Source)
}
