package load

import (
	"bufio"
	"fmt"
	"go/types"
	"os"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// exportImporter reads external packages (External) from export data into one map
// shared by all of them: a type that two packages mention is then one type. An
// external package that imports a source package is loaded from source too
// (loader.visit), so no export data read here refers to a source package.
type exportImporter struct {
	mu   sync.Mutex
	pkgs map[string]*types.Package
}

func newExportImporter() *exportImporter {
	return &exportImporter{pkgs: make(map[string]*types.Package)}
}

func (s *exportImporter) load(p *packages.Package) (*types.Package, error) {
	if p.PkgPath == "unsafe" {
		return types.Unsafe, nil
	}
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", p.PkgPath, err)
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", p.PkgPath, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	tp, err := gcexportdata.Read(r, fset, s.pkgs, p.PkgPath)
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", p.PkgPath, err)
	}
	return tp, nil
}
