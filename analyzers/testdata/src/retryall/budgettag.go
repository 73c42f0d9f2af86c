package retryall

import (
	"time"

	retry "github.com/avast/retry-go/v4"
)

// A count read from a configuration field whose tag gives its default is
// counted as that default, and it is still the configuration's budget: who
// fills the field chooses what a permanent error may cost.

type tagBudget struct {
	Attempts uint          `default:"8"`
	Tries    int           `envDefault:"8"`
	Pause    time.Duration `yaml:"pause"`
}

func tagBudgetHelper(c tagBudget) error {
	return retry.Do(send, retry.Attempts(c.Attempts), retry.Delay(c.Pause))
}

func tagBudgetLoop(c tagBudget) error {
	var err error
	for i := 0; i < c.Tries; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(c.Pause)
	}
	return err
}

// Still reported: a count the code fixes.
func fixedBudgetHelper(c tagBudget) error {
	return retry.Do(send, retry.Attempts(8), retry.Delay(c.Pause)) // want `retry.Do retries every error`
}
