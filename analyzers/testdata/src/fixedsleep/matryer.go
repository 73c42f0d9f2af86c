package fixedsleep

import (
	"time"

	"github.com/matryer/try"
)

// Look-alike: try.Do does not wait, its callback does (here with a growing
// wait): what it waits is not the helper's to report.
func matryerSleepsItself() error {
	return try.Do(func(attempt int) (bool, error) {
		err := call()
		if err != nil {
			time.Sleep(time.Duration(attempt) * time.Second)
		}
		return true, err
	})
}
