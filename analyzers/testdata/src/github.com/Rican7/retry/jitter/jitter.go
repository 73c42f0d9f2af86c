// Package jitter is a stub of github.com/Rican7/retry/jitter (v0.3.1).
package jitter

import (
	"math/rand"
	"time"
)

type Transformation func(duration time.Duration) time.Duration

func Full(generator *rand.Rand) Transformation { panic("stub") }

func Equal(generator *rand.Rand) Transformation { panic("stub") }

func Deviation(generator *rand.Rand, factor float64) Transformation { panic("stub") }

func NormalDistribution(generator *rand.Rand, standardDeviation float64) Transformation {
	panic("stub")
}
