package sleepnoctx

import "context"

// The waits of the fixtures on wait totals (budget.go, zerowait.go,
// short.go, localround.go), on noticing a stop (ownerforms.go) and on telling
// a retry from a poll (verdict.go, existence.go, absencebreak.go, local.go)
// sit in functions that hold no context; this caller holds one it could
// hand down, so their long waits are reported with "accept a
// context.Context" and their look-alikes stay quiet for their own reasons
// (cancelreach.go has the cases where nothing is in reach).
func serveWithContext(ctx context.Context, b []byte) {
	_ = ctx
	_ = budgetLong()
	_ = budgetGiven(0)
	_ = budgetOr(false)
	_ = jitteredLong()
	var pacer *zwPacer
	_ = pacer.run()
	var client *zwClient
	_ = client.run()
	_ = ZwRetrier{}.Run()
	_ = zwFlagWait()
	var provider *slowProvider
	_ = provider.provide()
	_ = lrSaveAfterSend("", b, 200)
	_, _ = lrReadAny(b, 0)
	var k *link
	k.redialSkipping(false)
	k.redialUntilUp()
	_ = execLoop(nil)
	triggerUntilWritten("", "")
	_ = statOrFail("")
	_, _ = awaitResourceJoined("", false)
	_ = waitLockFile("")
}
