// Package uuid is a stub of github.com/google/uuid (v1.6.0) for analysistest.
// Every New* function returns a different value on each call.
package uuid

import "io"

// UUID is a 128-bit UUID.
type UUID [16]byte

// UUIDs is a slice of UUID.
type UUIDs []UUID

// Version is the version of a UUID.
type Version byte

var (
	Nil UUID
	Max = UUID{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
)

func New() UUID                                     { return UUID{} }
func NewString() string                             { return "" }
func NewRandom() (UUID, error)                      { return UUID{}, nil }
func NewRandomFromReader(r io.Reader) (UUID, error) { return UUID{}, nil }
func NewUUID() (UUID, error)                        { return UUID{}, nil }
func NewV6() (UUID, error)                          { return UUID{}, nil }
func NewV7() (UUID, error)                          { return UUID{}, nil }
func NewMD5(space UUID, data []byte) UUID           { return UUID{} }
func NewSHA1(space UUID, data []byte) UUID          { return UUID{} }
func Parse(s string) (UUID, error)                  { return UUID{}, nil }
func MustParse(s string) UUID                       { return UUID{} }
func Must(uuid UUID, err error) UUID                { return uuid }
func Validate(s string) error                       { return nil }
func SetRand(r io.Reader)                           {}

func (uuid UUID) String() string   { return "" }
func (uuid UUID) Version() Version { return Version(uuid[6] >> 4) }
