// Package sys is a stub of github.com/cilium/ebpf/internal/sys: a file
// descriptor, traced by the test helper package as in the real module.
package sys

import "github.com/cilium/ebpf/internal/testutils/testmain"

// FD is a file descriptor of a kernel object.
type FD struct{ raw int }

// ObjGet opens a pinned object.
func ObjGet(path string) (*FD, error) {
	if err := testmain.TraceFD(path); err != nil {
		return nil, err
	}
	return &FD{}, nil
}

// Close closes the descriptor.
func (fd *FD) Close() error {
	testmain.ForgetFD(fd.raw)
	return nil
}
