// Package retry is a stub of github.com/Rican7/retry (v0.3.1).
package retry

import "github.com/Rican7/retry/strategy"

type Action func(attempt uint) error

func Retry(action Action, strategies ...strategy.Strategy) error {
	return action(1)
}
