// Package jitter is a stub of github.com/kamilsk/retry/v4/jitter.
package jitter

import (
	"math/rand"
	"time"
)

type Transformation = func(duration time.Duration) time.Duration

func Full(generator *rand.Rand) Transformation { panic("stub") }

func Equal(generator *rand.Rand) Transformation { panic("stub") }

func Deviation(generator *rand.Rand, factor float64) Transformation { panic("stub") }
