package unboundedretry

import "github.com/matryer/try"

// Look-alike: try.Do stops after try.MaxRetries (10) attempts, even when the
// callback always answers "again".
func matryerAlwaysAgain() error {
	return try.Do(func(attempt int) (bool, error) {
		return true, call()
	})
}
