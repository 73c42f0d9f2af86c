// Package retryscopefresh holds calls that return a fresh value (and
// look-alikes that do not), for the engine's one definition of it.
package retryscopefresh

import (
	crand "crypto/rand"
	"math/big"
	"math/rand"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

func draws(start time.Time, ids idSource) {
	_ = time.Now()                 // want `clock`
	_ = rand.Intn(3)               // want `random`
	_, _ = crand.Int(crand.Reader, // want `random`
		big.NewInt(9))
	_ = uuid.NewString()        // want `random`
	_ = ksuid.New()             // want `random`
	_ = xid.New()               // want `random`
	_ = ids.RandomID()          // want `random`
	_ = addJitter(time.Second)  // want `random`
	_ = tempName()              // want `clock\|random`
	_ = stamp()                 // want `clock`
	_ = uniqueName()            // want `random`
	_ = twoLevels()             // one level only
	_ = brand()                 // a word of the name is "brand", not "rand"
	_ = ids.Operand()           // nor "operand"
	_ = time.Since(start)       // measures, draws nothing
	_ = check()                 // returns only an error: no value drawn
	_ = strconv.Itoa(len("ab")) // pure
}

type idSource interface {
	RandomID() string
	Operand() string
}

func addJitter(d time.Duration) time.Duration { return d + d/10 }

func tempName() string {
	return "tmp-" + strconv.FormatInt(time.Now().UnixNano(), 10) + strconv.Itoa(rand.Int())
}

func stamp() string { return time.Now().Format(time.RFC3339) }

func uniqueName() string { return xid.New().String() }

func twoLevels() string { return stamp() }

func brand() string { return "acme" }

func check() error {
	_ = rand.Int()
	return nil
}
