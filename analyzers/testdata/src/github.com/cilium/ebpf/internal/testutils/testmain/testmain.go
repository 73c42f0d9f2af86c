// Package testmain is a stub of github.com/cilium/ebpf/internal/testutils/testmain:
// the real package traces descriptors for the module's tests and starts a
// tracing tool with os/exec, which puts os/exec among the imports of every
// package of the module.
package testmain

import "os/exec"

// ForgetFD stops tracing a descriptor.
func ForgetFD(raw int) {}

// TraceFD traces a new descriptor (the stub starts the tracing tool here,
// so that the module's import of os/exec is on the way of its calls).
func TraceFD(name string) error { return exec.Command("trace", name).Start() }
