// Package log is a stub of github.com/rs/zerolog/log: the global logger.
package log

import "github.com/rs/zerolog"

var Logger zerolog.Logger

func Error() *zerolog.Event { return Logger.Error() }
func Info() *zerolog.Event  { return Logger.Info() }
