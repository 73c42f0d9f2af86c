package nojitter

import (
	"time"

	"github.com/flowchartsman/retry"
)

// Look-alike: a flowchartsman/retry Retrier jitters its exponential waits.
func flowchartsmanJitters() error {
	r := retry.NewRetrier(5, 100*time.Millisecond, time.Second)
	return r.Run(call)
}
