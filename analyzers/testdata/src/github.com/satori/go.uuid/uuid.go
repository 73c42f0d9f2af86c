// Package uuid is a stub of github.com/satori/go.uuid (v1.2.0, the last tag) for
// analysistest. In v1.2.0 NewV4 returns only a UUID; the untagged master that many
// projects pin (v1.2.1-0.20181028125025-b2ce2384e17b) returns (UUID, error).
package uuid

// Size is the size of a UUID in bytes.
const Size = 16

// UUID is a 128-bit UUID.
type UUID [Size]byte

var Nil = UUID{}

func NewV1() UUID                                 { return UUID{} }
func NewV2(domain byte) UUID                      { return UUID{} }
func NewV3(ns UUID, name string) UUID             { return UUID{} }
func NewV4() UUID                                 { return UUID{} }
func NewV5(ns UUID, name string) UUID             { return UUID{} }
func Must(u UUID, err error) UUID                 { return u }
func FromString(input string) (u UUID, err error) { return UUID{}, nil }
func FromStringOrNil(input string) UUID           { return UUID{} }

func (u UUID) String() string { return "" }
