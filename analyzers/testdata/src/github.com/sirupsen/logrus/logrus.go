// Package logrus is a stub of github.com/sirupsen/logrus (reduced): its
// logger interfaces, which a program's types often embed. FieldLogger
// embeds one interface per level, as newer releases do.
package logrus

import "io"

// Entry is one log line being built.
type Entry struct{ out io.Writer }

func (e *Entry) Infof(format string, args ...interface{})  {}
func (e *Entry) Errorf(format string, args ...interface{}) {}

// InfoLogger logs at the info level.
type InfoLogger interface {
	Info(args ...interface{})
	Infof(format string, args ...interface{})
}

// ErrorLogger logs at the error level.
type ErrorLogger interface {
	Error(args ...interface{})
	Errorf(format string, args ...interface{})
}

// FieldLogger is what a program logs through.
type FieldLogger interface {
	WithField(key string, value interface{}) *Entry
	WithError(err error) *Entry
	InfoLogger
	ErrorLogger
}
