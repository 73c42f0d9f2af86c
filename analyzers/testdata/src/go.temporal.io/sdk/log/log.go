// Package log is a stub of go.temporal.io/sdk/log (v1.51.0): Logger.
package log

type (
	Logger interface {
		Debug(msg string, keyvals ...any)
		Info(msg string, keyvals ...any)
		Warn(msg string, keyvals ...any)
		Error(msg string, keyvals ...any)
	}
)
