package main

import (
	"encoding/json"
	"os"

	"github.com/retrylint/retrylint/internal/goroot"
)

// vetConfig is the part of go vet's per-package vet.cfg that retrylint reads.
type vetConfig struct {
	// VetxOnly is set for a dependency analysed for its facts only: nothing of
	// it is printed.
	VetxOnly bool
	// Stdout, when set (go1.26+), is the file the tool's stdout (the -json
	// output) goes to; the go command prints it.
	Stdout string
	// Dir is the package's directory; ModuleVersion its module's version ("" for
	// the main module, a workspace module, the standard library).
	Dir           string
	ModuleVersion string
	// GoFiles are the package's Go files, absolute.
	GoFiles []string
}

// readVetConfig reads the vet.cfg file that ends args, if any.
func readVetConfig(args []string) (vetConfig, bool) {
	var c vetConfig
	if len(args) == 0 {
		return c, false
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil || json.Unmarshal(data, &c) != nil {
		return c, false
	}
	return c, true
}

// factsOnlyExternal reports whether go vet runs this unit only for the facts
// of a dependency outside the analysed code (the standard library, a module
// from the module cache). retrylint keeps facts inferred there to their own
// package (retryscope.Origin), so such a unit needs types for its importers and
// no analysis.
func factsOnlyExternal(args []string) bool {
	cfg, ok := readVetConfig(args)
	return ok && cfg.VetxOnly && goroot.External(cfg.ModuleVersion, cfg.Dir)
}
