package failcount

import "context"

// serve holds a context it could hand down: every wait below has a
// cancellation in reach, so each loop is judged by its wait total alone.
func serve(ctx context.Context, p *probe) {
	_ = ctx
	p.countedFailures()
	p.countedAfterWait()
	p.countedConstantWait()
	p.countedLong()
	p.countedGrowing()
	p.resetOnBusy()
	p.busyUncounted()
	p.countedFromCaller(0)
	_ = p.resetOnProgress(nil)
}
