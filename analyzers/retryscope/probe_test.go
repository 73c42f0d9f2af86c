package retryscope

import "testing"

// TestProbeName: the whole name must say "probe"; a name that only contains
// one (sendPing, readyQueue, healthReport) does work.
func TestProbeName(t *testing.T) {
	for name, want := range map[string]bool{
		"Ping": true, "PingContext": true, "readiness": true, "ready": true, "healthy": true,
		"IsHealthy": true, "alive": true, "probe": true, "readyFunc": true, "healthCheckFn": true,
		"ReadinessProbe": true, "Healthz": true,
		"send": false, "sendPing": false, "readyQueue": false, "healthReport": false,
		"pingAll": false, "probeAndWrite": false, "unready": false,
	} {
		if got := probeName.MatchString(name); got != want {
			t.Errorf("probeName(%q) = %v, want %v", name, got, want)
		}
	}
}
