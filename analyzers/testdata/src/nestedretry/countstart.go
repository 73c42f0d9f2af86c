package nestedretry

import (
	"time"

	"github.com/avast/retry-go/v4"
)

// A counter that starts at one makes as many attempts as its cap says.
func fromOne() error {
	var err error
	for i := 1; i <= 4; i++ { // want `retry loop \(4 attempts\) around retry.Do, which retries on its own \(retry helper, 3 attempts\): 4 × 3 = 12 attempts`
		if err = retry.Do(call, retry.Attempts(3)); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

// Counting from two below a cap of six: four attempts.
func fromTwo() error {
	var err error
	for i := 2; i < 6; i++ { // want `retry loop \(4 attempts\) around retry.Do, which retries on its own \(retry helper, 3 attempts\): 4 × 3 = 12 attempts`
		if err = retry.Do(call, retry.Attempts(3)); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

// Counting from zero is unchanged: i <= 3 is four attempts.
func fromZeroInclusive() error {
	var err error
	for i := 0; i <= 3; i++ { // want `retry loop \(4 attempts\) around retry.Do, which retries on its own \(retry helper, 3 attempts\): 4 × 3 = 12 attempts`
		if err = retry.Do(call, retry.Attempts(3)); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}
