// Package pace sizes waits for the roundwait fixture from another package:
// its round functions reach their callers through facts.
package pace

import (
	"math"
	"time"
)

// Grow waits n^e tenths of a second, at most a minute.
func Grow(n int) time.Duration {
	if n > 12 {
		return time.Minute
	}
	return time.Duration(math.Pow(float64(n), math.E)) * 100 * time.Millisecond
}

// Scale is read at each call: a caller cannot size Scaled.
var Scale = 3

// Scaled depends on a variable anyone may change.
func Scaled(n int) time.Duration {
	return time.Duration(n*Scale) * time.Second
}
