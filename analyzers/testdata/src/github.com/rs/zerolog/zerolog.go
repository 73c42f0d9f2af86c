// Package zerolog is a stub of github.com/rs/zerolog (reduced). The real
// package imports net for its IP address fields, as this stub does.
package zerolog

import (
	"io"
	"net"
)

// Logger writes events to its writer.
type Logger struct{ w io.Writer }

func New(w io.Writer) Logger { return Logger{w: w} }

func (l Logger) Error() *Event { return &Event{} }
func (l Logger) Info() *Event  { return &Event{} }

// Event is one log line being built.
type Event struct{}

func (e *Event) Err(err error) *Event                 { return e }
func (e *Event) Str(key, val string) *Event           { return e }
func (e *Event) IPAddr(key string, ip net.IP) *Event  { return e }
func (e *Event) Msg(msg string)                       {}
func (e *Event) Msgf(format string, v ...interface{}) {}
func (e *Event) Send()                                {}
