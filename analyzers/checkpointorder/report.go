package checkpointorder

import (
	"go/ast"

	"golang.org/x/tools/go/cfg"
)

// report reports a checkpoint reached on a failure path, once per checkpoint.
// st is the last unsafe dead-letter write on the path; b and i locate the
// checkpoint for the search of a later write (b is nil for a deferred one).
func (f *flow) report(fl *failure, cp *ast.CallExpr, st *write, b *cfg.Block, i int) {
	if st != nil && st.async && st.ignored == "" && waitedBetween(st, cp) {
		return
	}
	if f.c.reported[cp] {
		return
	}
	msg := f.message(fl, cp, st, b, i)
	if msg == "" {
		return
	}
	f.c.reported[cp] = true
	f.c.p.Reportf(cp, "%s", msg)
}

func (f *flow) message(fl *failure, cp *ast.CallExpr, st *write, b *cfg.Block, i int) string {
	what := callName(cp)
	if b == nil {
		what = "deferred " + what
	}
	failed := callName(fl.call) + " failed"
	if fl.dlq != nil {
		failed = "the dead-letter write " + callName(fl.dlq) + " failed"
	}
	switch {
	case st != nil && st.async && st.ignored == "":
		return what + " checkpoints the message after " + failed + ", but the dead-letter write " + callName(st.call) +
			" is asynchronous and its delivery report is not awaited: wait for the report and check its error before the checkpoint"
	case st != nil:
		return what + " checkpoints the message after " + failed + ", but the dead-letter write " + callName(st.call) + " " +
			st.ignored + ": if it failed the record is lost; check its error and return or nak instead of checkpointing"
	case fl.dlq != nil:
		return what + " checkpoints the message after " + failed + " (logged and dropped): the record is lost; return or nak so it is redelivered"
	}
	if later := f.writeAfter(fl, b, i); later != nil {
		return what + " checkpoints the message after " + failed + " but before the dead-letter write " + callName(later) +
			": if that write fails the record is lost; write the dead letter, check its error, then checkpoint"
	}
	return what + " checkpoints the message after " + failed + " with no dead-letter write: the record is lost; " +
		"write it to a dead-letter destination and check the error first, or return/nak so it is redelivered"
}

// waitedBetween reports whether an asynchronous write's delivery report is
// awaited after the write and before the checkpoint.
func waitedBetween(w *write, cp *ast.CallExpr) bool {
	for _, n := range w.waits {
		if n.Pos() > w.call.End() && n.End() <= cp.Pos() {
			return true
		}
	}
	return false
}

// skipMessage explains a failure skipped on the way to the next message.
func skipMessage(fl *failure, cp *ast.CallExpr, st *write) string {
	what := callName(cp)
	failed := callName(fl.call) + " failed"
	if fl.dlq != nil {
		failed = "the dead-letter write " + callName(fl.dlq) + " failed"
	}
	unsafe := "with no dead-letter write"
	if st != nil {
		unsafe = "and the dead-letter write " + callName(st.call) + " is not checked"
	}
	return what + " also commits earlier offsets: after " + failed + " the loop moves on to the next message " + unsafe +
		", so that message's checkpoint commits the failed record and it is lost; write a dead letter and check its error before moving on, or return the error"
}
