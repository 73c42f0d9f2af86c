package unboundedretry

import "context"

// A budget handed down through a pointer and spent by the loop bounds it
// like a local counter: several layers draw from one count.

func tryOnce(ctx context.Context) error { reach(); return nil }

func spendShared(ctx context.Context, attempts *int) error {
	var err error
	for *attempts > 0 {
		err = tryOnce(ctx)
		*attempts--
		if err == nil {
			return nil
		}
	}
	return err
}

func spendSharedMinus(ctx context.Context, left *int) error {
	for {
		if err := tryOnce(ctx); err == nil {
			return nil
		}
		*left -= 1
		if *left <= 0 {
			return context.DeadlineExceeded
		}
	}
}

// Look-alikes: the pointee is only read, or the loop spends another budget.

func readsBudget(ctx context.Context, attempts *int) error {
	for *attempts > 0 { // want `retry loop has no attempt limit and no deadline`
		if err := tryOnce(ctx); err == nil {
			return nil
		}
	}
	return nil
}

func spendsOther(ctx context.Context, attempts, spent *int) error {
	for *attempts > 0 { // want `retry loop has no attempt limit and no deadline`
		if err := tryOnce(ctx); err == nil {
			return nil
		}
		*spent++
	}
	return nil
}

func pointsElsewhere(ctx context.Context, attempts *int, spare int) error {
	for *attempts > 0 { // want `retry loop has no attempt limit and no deadline`
		if err := tryOnce(ctx); err == nil {
			return nil
		}
		*attempts--
		attempts = &spare
	}
	return nil
}
