package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"

	"github.com/retrylint/retrylint/internal/confighash"
)

// printVetToolID answers go vet's `-V=full`. go vet keys its cache of results
// with the tool's ID, and with the flags as strings, not with the files they
// name: the ID the x/tools checker prints (a hash of the executable) would
// replay stale results after an edit of .retrylint.yaml. This ID also hashes
// every .retrylint.yaml that can apply to a package vet analyses from the
// current directory: those in it and below it, and the first one above it up
// to the module root. A file named by -config is not seen (vet does not pass
// the flags to -V=full): after editing one, run `go vet -a`.
func printVetToolID() int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: -V=full: %v\n", err)
		return 2
	}
	h := sha256.New()
	if err := hashFile(h, exe); err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: -V=full: %v\n", err)
		return 2
	}
	confighash.Write(h, confighash.Files("."))
	fmt.Printf("%s version devel comments-go-here buildID=%02x\n", exe, h.Sum(nil))
	return 0
}

func hashFile(h io.Writer, name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(h, f)
	return err
}
