package main

import (
	"encoding/json"
	"os"
)

// vetConfig is the part of go vet's per-package vet.cfg that retrylint reads.
type vetConfig struct {
	// VetxOnly is set for a dependency analysed for its facts only: nothing of
	// it is printed.
	VetxOnly bool
	// Stdout, when set (go1.26+), is the file the tool's stdout (the -json
	// output) goes to; the go command prints it.
	Stdout string
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
