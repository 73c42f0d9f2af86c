package fixedsleep

import (
	"time"

	"github.com/flowchartsman/retry"
)

// Look-alike: a flowchartsman/retry Retrier waits longer after each failure.
func flowchartsmanJitters() error {
	r := retry.NewRetrier(5, 100*time.Millisecond, time.Second)
	return r.Run(call)
}
