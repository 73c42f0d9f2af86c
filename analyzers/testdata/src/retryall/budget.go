package retryall

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

// What a permanent error costs decides whether retrying it is worth a
// finding: a few tries over within seconds, or a budget the user declares
// (a configuration field, a caller's parameter), are not reported.

// BAD: 12 attempts with a growing wait.
func twelveWithBackoff() error {
	b := wait.Backoff{Duration: 100 * time.Millisecond, Factor: 2, Steps: 12}
	return k8sretry.OnError(b, always, send) // want `retry.OnError retries every error`
}

func sevenInALoop() error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

// BAD: no limit at all.
func untilItWorks() {
	for { // want `retry loop retries every error alike`
		if err := send(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// GOOD: 5 attempts 2 s apart, 4 attempts with doubling waits from 1 s: a
// permanent error surfaces within 10 s.
func fiveTwoSecondsApart() error {
	var err error
	for i := 0; i < 5; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

func fourDoubling() error {
	b := wait.Backoff{Duration: time.Second, Factor: 2, Steps: 4}
	return k8sretry.OnError(b, always, send)
}

// GOOD: the count is the configuration's, or the caller's.
type budgetConfig struct {
	MaxRetries int
	Backoff    wait.Backoff
}

type budgetClient struct{ cfg budgetConfig }

func (c *budgetClient) sendConfigured() error {
	var err error
	for i := 0; i < c.cfg.MaxRetries; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (c *budgetClient) sendConfiguredCopy() error {
	var err error
	limit := c.cfg.MaxRetries + 1
	for i := 0; i < limit; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func stepsFromParam(steps int) error {
	b := wait.Backoff{Duration: time.Second, Factor: 2, Steps: steps}
	return k8sretry.OnError(b, always, send)
}

// A wrapper that hands its caller's backoff to its library: each call picks
// the budget.
func withBackoff(b wait.Backoff, op func() error) error {
	return k8sretry.OnError(b, always, func() error { return op() })
}

// BAD: the caller passes a package var of 8 steps.
var patientBackoff = wait.Backoff{Duration: time.Second, Factor: 2, Steps: 12}

func sendPatientlyWrapped() error {
	return withBackoff(patientBackoff, func() error { return send() }) // want `withBackoff retries every error`
}

// GOOD: the caller passes its configuration's backoff.
func (c *budgetClient) sendWithConfiguredBackoff() error {
	return withBackoff(c.cfg.Backoff, func() error { return send() })
}

// A wrapper that converts its caller's settings before handing them on.
type budgetSpec struct{ Steps int }

func toBackoff(s *budgetSpec) wait.Backoff {
	return wait.Backoff{Duration: time.Second, Steps: s.Steps}
}

func withSpec(s *budgetSpec, op func() error) error {
	b := toBackoff(s)
	return k8sretry.OnError(b, always, func() error { return op() })
}

type budgetSource struct{ ConnectionBackoff *budgetSpec }

// GOOD: the connect backoff is the user's.
func (s *budgetSource) connect() error {
	return withSpec(s.ConnectionBackoff, func() error { return send() })
}

// BAD: the fixed spec is the code's, and it shows no count here.
var fixedSpec = budgetSpec{Steps: 8}

func connectFixed() error {
	return withSpec(&fixedSpec, func() error { return send() }) // want `withSpec retries every error`
}

// A loop wrapper whose count and wait are its caller's: each call's
// constants are its tries.
func retryTimes(retries int, pause time.Duration, op func() error) (err error) {
	for i := 0; ; i++ {
		if err = op(); err == nil {
			return nil
		}
		if i >= retries {
			return err
		}
		time.Sleep(pause)
	}
}

// GOOD: 2 attempts 2 s apart.
func pushTwice() error {
	return retryTimes(1, 2*time.Second, func() error { return send() })
}

// BAD: 9 attempts a second apart.
func pushNineTimes() error {
	return retryTimes(20, time.Second, func() error { return send() }) // want `retryTimes retries every error`
}

// GOOD: the count is the configuration's.
func (c *budgetClient) pushConfigured() error {
	return retryTimes(c.cfg.MaxRetries, time.Second, func() error { return send() })
}
