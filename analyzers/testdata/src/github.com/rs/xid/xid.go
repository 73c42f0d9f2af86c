// Package xid is a stub of github.com/rs/xid (reduced: the generators only).
package xid

import "time"

// ID is a globally unique identifier.
type ID [12]byte

func New() ID                    { return ID{} }
func NewWithTime(t time.Time) ID { return ID{} }
func (id ID) String() string     { return "" }
