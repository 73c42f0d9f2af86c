package retryall

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"
)

// An error told apart by its text against a constant of the package
// (`err.Error() != concurrentError`) is classified: every other error leaves.

const concurrentError = "the server rejected our request due to an error in our request"

type volumeAPI interface {
	AddVolume(ctx context.Context, name string) error
}

func addVolume(api volumeAPI, name string) error {
	var err error
	retry := 0
	for retry < 15 {
		err = api.AddVolume(context.Background(), name)
		if err != nil && err.Error() != concurrentError {
			return fmt.Errorf("adding volume: %v", err)
		}
		if err == nil {
			break
		}
		retry++
		if retry < 15 {
			time.Sleep(time.Duration(retry*rand.IntN(5)) * time.Millisecond)
		}
	}
	return err
}

// Look-alike: the same test before the check leaves nothing: it only logs,
// and every error goes round.
func addVolumeLogged(api volumeAPI, name string, logf func(string, ...any)) error {
	var err error
	retry := 0
	for retry < 15 { // want `retry loop retries every error alike`
		err = api.AddVolume(context.Background(), name)
		if err != nil && err.Error() != concurrentError {
			logf("adding volume: %v", err)
		}
		if err == nil {
			break
		}
		retry++
		time.Sleep(time.Duration(retry*rand.IntN(5)) * time.Millisecond)
	}
	return err
}
