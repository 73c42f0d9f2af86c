package load

import (
	"archive/zip"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestBrokenDeepDependency: a versioned dependency that does not build, reached
// through another versioned package that imports it, is still the one problem
// named (the importer in between is loaded without bodies and would otherwise
// hide its imports): the requested package is not analysed, and says why.
func TestBrokenDeepDependency(t *testing.T) {
	proxy := t.TempDir()
	writeProxyModule(t, proxy, "example.com/dep", "v1.0.0", map[string]string{
		"go.mod":     "module example.com/dep\n\ngo 1.22\n",
		"top/top.go": "package top\n\nimport \"example.com/dep/low\"\n\nfunc F() int { return low.N }\n",
		"low/low.go": "package low\n\nvar N int = \"not a number\"\n",
	})
	dir := writeTree(t, map[string]string{
		"go.mod":       "module example.com/app\n\ngo 1.22\n\nrequire example.com/dep v1.0.0\n",
		"user/user.go": "package user\n\nimport \"example.com/dep/top\"\n\nvar X = top.F()\n",
		"ok/ok.go":     "package ok\n",
	})
	env := goEnv("GOPROXY=file://"+filepath.ToSlash(proxy), "GOMODCACHE="+t.TempDir(), "GOFLAGS=-mod=mod -modcacherw",
		"GONOSUMDB=*", "GONOSUMCHECK=1", "GOSUMDB=off")
	roots, err := Packages(&packages.Config{Dir: dir, Env: env}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	probs := Problems(roots)
	if len(probs) != 1 || probs[0].Package != "example.com/dep/low" || !slices.Equal(probs[0].Blocked, []string{"example.com/app/user"}) {
		t.Fatalf("want one problem in example.com/dep/low blocking user, got:\n%s", problemLines(probs))
	}
	if got := probs[0].String(); !strings.Contains(got, "low.go:3:13: cannot use") {
		t.Errorf("line: %s", got)
	}
}

// writeProxyModule writes module path@version, made of files, into a
// GOPROXY=file:// directory.
func writeProxyModule(t *testing.T, proxy, path, version string, files map[string]string) {
	t.Helper()
	dir := filepath.Join(proxy, filepath.FromSlash(path), "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("list", version+"\n")
	write(version+".info", `{"Version":"`+version+`","Time":"2026-01-01T00:00:00Z"}`)
	write(version+".mod", files["go.mod"])
	f, err := os.Create(filepath.Join(dir, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		w, err := zw.Create(path + "@" + version + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(files[name]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}
