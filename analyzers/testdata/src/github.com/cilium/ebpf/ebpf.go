// Package ebpf is a stub of github.com/cilium/ebpf (v0.19) for analysistest,
// reduced to pinned maps: LoadPinnedMap, LoadPinOptions and a Map's
// Lookup, Update and Close. Like the real package it imports os/exec
// through an internal package (the real module's is a test helper), and
// LoadPinnedMap's body reaches it: what the engine sees of the real module
// from outside, where only its imports can be read.
package ebpf

import "github.com/cilium/ebpf/internal/sys"

// LoadPinOptions control how a pinned object is loaded.
type LoadPinOptions struct {
	ReadOnly  bool
	WriteOnly bool
	Flags     uint32
}

// MapUpdateFlags control the behaviour of Update.
type MapUpdateFlags uint64

// Map is a kernel BPF map.
type Map struct{ fd *sys.FD }

// LoadPinnedMap opens a map pinned on a BPF file system.
func LoadPinnedMap(fileName string, opts *LoadPinOptions) (*Map, error) {
	fd, err := sys.ObjGet(fileName)
	if err != nil {
		return nil, err
	}
	return &Map{fd: fd}, nil
}

// Lookup reads the value of key into valueOut.
func (m *Map) Lookup(key, valueOut any) error { panic("stub") }

// Update sets the value of key.
func (m *Map) Update(key, value any, flags MapUpdateFlags) error { panic("stub") }

// Close releases the map's file descriptor.
func (m *Map) Close() error { panic("stub") }
