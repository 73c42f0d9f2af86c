package retryscope

import (
	"regexp"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// A readiness wait asks a dependency "are you reachable yet?" until it answers
// or a time limit runs out: its attempt is a connectivity probe (a database
// ping, a dial, a health check) that does no work, so there is nothing a
// failure could have done and nothing to classify: every error means "not
// yet". Only a wait bounded by an elapsed-time limit of its own is such a
// wait; a probe with no limit can block a start-up forever, and a call that
// does work under a time limit is a retry.

// probeCalls are connectivity probes of the standard library.
var probeCalls = map[string]bool{
	"(*database/sql.DB).Ping": true, "(*database/sql.DB).PingContext": true,
	"(*database/sql.Conn).PingContext": true,
	"net.Dial":                         true, "net.DialTimeout": true,
	"(*net.Dialer).Dial": true, "(*net.Dialer).DialContext": true,
}

// probeName matches functions and methods named for a probe: Ping,
// HealthCheck, Healthz, IsReady, Alive.
var probeName = regexp.MustCompile(`(?i)^(ping|health|healthz|healthcheck|checkhealth|isalive|isready|ishealthy|alive|ready|readyz|livez)(context)?$`)

// ProbesUntilReady reports whether a loop region is a readiness wait: every
// attempt is a connectivity probe and the loop has an elapsed-time limit of
// its own.
func (res *Result) ProbesUntilReady(r *Region) bool {
	if r == nil || r.Kind != LoopRegion || len(r.Attempts) == 0 || !res.LocalDeadline(r) || res.info == nil {
		return false
	}
	for _, call := range r.Attempts {
		fn := code.Callee(res.info, call)
		if fn == nil || !(probeCalls[fn.FullName()] || probeName.MatchString(fn.Name())) {
			return false
		}
	}
	return true
}
