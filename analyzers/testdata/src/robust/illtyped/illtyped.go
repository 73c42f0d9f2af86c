// Package illtyped does not type-check: the drivers skip the analysis of such a
// package with an error, and nothing may crash on the way.
package illtyped

import "time"

func broken() error {
	for i := 0; i < 3; i++ {
		if err := undefinedCall(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return missing
}
