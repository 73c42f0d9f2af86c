// Package gobreaker is a stub of github.com/sony/gobreaker (v1.0.0) for analysistest
// (a circuit breaker: its import marks a package as having a retry budget). The
// generic v2 module (github.com/sony/gobreaker/v2) is not stubbed.
package gobreaker

import (
	"errors"
	"time"
)

// State is the state of a circuit breaker.
type State int

const (
	StateClosed State = iota
	StateHalfOpen
	StateOpen
)

func (s State) String() string { return "" }

var (
	ErrTooManyRequests = errors.New("too many requests")
	ErrOpenState       = errors.New("circuit breaker is open")
)

// Counts are the request counts of the current generation.
type Counts struct {
	Requests             uint32
	TotalSuccesses       uint32
	TotalFailures        uint32
	ConsecutiveSuccesses uint32
	ConsecutiveFailures  uint32
}

// Settings configures a CircuitBreaker.
type Settings struct {
	Name          string
	MaxRequests   uint32
	Interval      time.Duration
	Timeout       time.Duration
	ReadyToTrip   func(counts Counts) bool
	OnStateChange func(name string, from State, to State)
	IsSuccessful  func(err error) bool
}

// CircuitBreaker rejects calls while open.
type CircuitBreaker struct {
	name string
}

func NewCircuitBreaker(st Settings) *CircuitBreaker { return &CircuitBreaker{name: st.Name} }

func (cb *CircuitBreaker) Name() string   { return cb.name }
func (cb *CircuitBreaker) State() State   { return StateClosed }
func (cb *CircuitBreaker) Counts() Counts { return Counts{} }

// Execute runs req if the breaker allows it (once: it does not retry).
func (cb *CircuitBreaker) Execute(req func() (interface{}, error)) (interface{}, error) {
	return req()
}

// TwoStepCircuitBreaker lets the caller report the outcome.
type TwoStepCircuitBreaker struct {
	cb *CircuitBreaker
}

func NewTwoStepCircuitBreaker(st Settings) *TwoStepCircuitBreaker {
	return &TwoStepCircuitBreaker{cb: NewCircuitBreaker(st)}
}

func (tscb *TwoStepCircuitBreaker) Name() string   { return tscb.cb.Name() }
func (tscb *TwoStepCircuitBreaker) State() State   { return StateClosed }
func (tscb *TwoStepCircuitBreaker) Counts() Counts { return Counts{} }
func (tscb *TwoStepCircuitBreaker) Allow() (done func(success bool), err error) {
	return func(bool) {}, nil
}
