// Package uuid is a stub of github.com/gofrs/uuid (v4.4.0+incompatible) for analysistest.
package uuid

// Size is the size of a UUID in bytes.
const Size = 16

// UUID is a 128-bit UUID.
type UUID [Size]byte

var Nil = UUID{}

func NewV1() (UUID, error)                 { return UUID{}, nil }
func NewV3(ns UUID, name string) UUID      { return UUID{} }
func NewV4() (UUID, error)                 { return UUID{}, nil }
func NewV5(ns UUID, name string) UUID      { return UUID{} }
func NewV6() (UUID, error)                 { return UUID{}, nil }
func NewV7() (UUID, error)                 { return UUID{}, nil }
func Must(u UUID, err error) UUID          { return u }
func FromString(text string) (UUID, error) { return UUID{}, nil }
func FromStringOrNil(input string) UUID    { return UUID{} }

func (u UUID) String() string { return "" }
