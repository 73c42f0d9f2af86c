package checklist

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseDiff(t *testing.T) {
	const diff = `diff --git a/svc/a.go b/svc/a.go
index 1111111..2222222 100644
--- a/svc/a.go
+++ b/svc/a.go
@@ -3,0 +4,2 @@ import (
+	"time"
+	"errors"
@@ -10,2 +12 @@ func F() {
-	a()
--- removed line that looks like a header
+	b()
@@ -20 +21,0 @@ func G() {
-	c()
diff --git a/old.go b/new.go
similarity index 100%
rename from old.go
rename to new.go
diff --git a/gone.go b/gone.go
deleted file mode 100644
index 3333333..0000000
--- a/gone.go
+++ /dev/null
@@ -1,2 +0,0 @@
-package gone
-
diff --git a/img.png b/img.png
new file mode 100644
index 0000000..4444444
Binary files /dev/null and b/img.png differ
diff --git "a/sp ace/\303\274.go" "b/sp ace/\303\274.go"
new file mode 100644
--- /dev/null
+++ "b/sp ace/\303\274.go"
@@ -0,0 +1 @@
+package x
\ No newline at end of file
`
	got, err := ParseDiff(strings.NewReader(diff))
	if err != nil {
		t.Fatal(err)
	}
	want := []*FileDiff{
		{Path: "svc/a.go", OldPath: "svc/a.go", Lines: []LineRange{{4, 5}, {11, 12}, {21, 22}}},
		{Path: "new.go", OldPath: "old.go"},
		{Path: "", OldPath: "gone.go", Lines: []LineRange{{1, 1}}},
		{Path: "img.png", OldPath: "", Binary: true},
		{Path: "sp ace/ü.go", OldPath: "", Lines: []LineRange{{1, 1}}},
	}
	if !reflect.DeepEqual(got, want) {
		for i := range got {
			t.Logf("got %d: %+v", i, *got[i])
		}
		t.Fatalf("want %d files as listed", len(want))
	}
	statuses := []string{"modified", "renamed", "deleted", "added", "added"}
	for i, f := range got {
		if f.Status() != statuses[i] {
			t.Errorf("file %d: status %s, want %s", i, f.Status(), statuses[i])
		}
	}
}

// A plain diff -u with context lines and timestamps, no git headers.
func TestParseDiffPlainContext(t *testing.T) {
	const diff = "--- a/x.go\t2025-01-01 00:00:00\n+++ b/x.go\t2025-01-02 00:00:00\n" +
		"@@ -1,4 +1,4 @@\n package x\n \n-var A = 1\n+var A = 2\n \n" +
		"--- y.go\n+++ y.go\n@@ -1 +1,2 @@\n package y\n+var B = 1\n"
	got, err := ParseDiff(strings.NewReader(diff))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Path != "x.go" || got[1].Path != "y.go" {
		t.Fatalf("files: %+v", got)
	}
	if want := []LineRange{{2, 3}}; !reflect.DeepEqual(got[0].Lines, want) {
		t.Errorf("x.go lines %v, want %v", got[0].Lines, want)
	}
	if want := []LineRange{{2, 2}}; !reflect.DeepEqual(got[1].Lines, want) {
		t.Errorf("y.go lines %v, want %v", got[1].Lines, want)
	}
}

func TestParseDiffMalformed(t *testing.T) {
	cases := map[string]string{
		"truncated hunk":   "--- a/x.go\n+++ b/x.go\n@@ -1,3 +1,3 @@\n package x\n",
		"bad header":       "--- a/x.go\n+++ b/x.go\n@@ -1,a +1 @@\n",
		"hunk first":       "@@ -1 +1 @@\n-a\n+b\n",
		"+++ alone":        "+++ b/x.go\n",
		"too many added":   "--- a/x.go\n+++ b/x.go\n@@ -1 +1 @@\n-a\n+b\n+c\n",
		"combined diff":    "diff --cc x.go\n--- a/x.go\n+++ b/x.go\n@@@ -1,1 -1,1 +1,1 @@@\n",
		"bad quoted name":  "--- \"a/x\n+++ b/x.go\n",
		"garbage in hunk ": "--- a/x.go\n+++ b/x.go\n@@ -1,2 +1,2 @@\n package x\nhello\n",
	}
	for name, diff := range cases {
		_, err := ParseDiff(strings.NewReader(diff))
		var de *DiffError
		if !errors.As(err, &de) {
			t.Errorf("%s: error %v, want a *DiffError", name, err)
		}
	}
}

func TestSplitGitNames(t *testing.T) {
	cases := []struct{ in, old, new string }{
		{"a/x.go b/x.go", "x.go", "x.go"},
		{"a/a b.go b/a b.go", "a b.go", "a b.go"},
		{"a/old.go b/new.go", "old.go", "new.go"},
		{`"a/\303\274.go" "b/\303\274.go"`, "ü.go", "ü.go"},
		{`a/x.go "b/\303\274.go"`, "x.go", "ü.go"},
	}
	for _, c := range cases {
		o, n, ok := splitGitNames(c.in)
		if !ok || o != c.old || n != c.new {
			t.Errorf("splitGitNames(%q) = %q, %q, %v; want %q, %q", c.in, o, n, ok, c.old, c.new)
		}
	}
}
