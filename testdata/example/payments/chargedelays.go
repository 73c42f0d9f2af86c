package payments

import "time"

// A charge lookup backs off from half a second up to ten: over its
// lookupAttempts tries it may wait seconds, long enough for the clients
// that failed together to come back in waves (nojitter leaves alone a few
// quick tries whose waits add up to under 5 s).
const (
	chargeBaseDelay = 500 * time.Millisecond
	chargeMaxDelay  = 10 * time.Second
)
