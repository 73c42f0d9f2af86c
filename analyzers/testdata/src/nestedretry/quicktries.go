package nestedretry

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
)

// Two layers that are both a few quick tries the code caps (at most 5
// attempts and 1 s of waiting each) are not reported: a permanent error
// surfaces within seconds.

// patchConflicts retries conflicts with DefaultBackoff: 4 attempts, ~0.34 s.
func patchConflicts() error {
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error { reach(); return nil })
}

// refreshed hands its callback to DefaultBackoff, retrying every error.
func refreshed(cb func() error) error {
	return retry.OnError(retry.DefaultBackoff, func(error) bool { return true }, func() error { reach(); return cb() })
}

// GOOD: 4 quick tries around 4 quick tries.
func patchRefreshed() error {
	return refreshed(func() error { return patchConflicts() })
}

func ping() error { reach(); return nil }

// GOOD: two hand-written loops of 3 tries 100 ms apart.
func pingQuick() error {
	var err error
	for i := 0; i < 3; i++ {
		reach()
		if err = ping(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func pingQuickTwice() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = pingQuick(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// BAD: 6 tries around the quick conflict retry.
func patchSixTimes() error {
	var err error
	for i := 0; i < 6; i++ { // want `retry loop \(6 attempts\) around patchConflicts, which retries on its own`
		if err = patchConflicts(); err == nil {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return err
}

// BAD: quick tries around an inner layer whose waits grow past 1 s
// (10+50+250+1250 ms).
func patchPatiently() error {
	b := wait.Backoff{Duration: 10 * time.Millisecond, Factor: 5, Steps: 5}
	return retry.RetryOnConflict(b, func() error { reach(); return nil })
}

func patchRefreshedPatiently() error {
	return refreshed(func() error { return patchPatiently() }) // want `around patchPatiently, which retries on its own`
}

// BAD: the outer loop's 3 tries wait 2 s in all.
func pingSlowAroundQuick() error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around pingQuick, which retries on its own`
		if err = pingQuick(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
