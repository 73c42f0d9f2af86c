package fixedsleep

import (
	"context"
	"time"

	"github.com/avast/retry-go/v4"

	"fixedsleep/tagconfig"
)

// A count or a wait read from a configuration field whose struct tag gives
// its default is read as that default: the code runs with it unless the
// configuration says otherwise. Few quick tries (at most 5 attempts, at
// most 5 s of waiting in all) stay quiet as they do when written as
// constants; more tries, longer waits or an open count stay reported.

type tagLocal struct {
	Tries int           `default:"3"`
	Many  int           `default:"10"`
	Wait  time.Duration `default:"500ms"`
	Long  time.Duration `default:"30s"`
}

// Three tries half a second apart, both from tags: few quick tries.
func tagThreeQuickTries(ctx context.Context, c tagLocal) error {
	var err error
	for i := 0; i < c.Tries; i++ {
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(c.Wait)
	}
	return err
}

// Ten tries from the tag: reported.
func tagTenTries(ctx context.Context, c tagLocal) error {
	var err error
	for i := 0; i < c.Many; i++ { // want `retry loop waits the same c.Wait before every attempt`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(c.Wait)
	}
	return err
}

// Three tries 30 s apart: not quick, reported.
func tagThreeLongTries(ctx context.Context, c tagLocal) error {
	var err error
	for i := 0; i < c.Tries; i++ { // want `retry loop waits the same c.Long before every attempt`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(c.Long)
	}
	return err
}

// A field of another package, through a pointer and an embedding.
type downloader struct {
	*tagconfig.Download
}

func (d downloader) fewImported(ctx context.Context) error {
	return retry.Do(func() error { return callCtx(ctx) },
		retry.Attempts(d.Attempts), retry.DelayType(retry.FixedDelay), retry.Delay(time.Duration(d.Cooldown)))
}

func (d downloader) fewConverted(ctx context.Context) error {
	var err error
	for i := uint(0); i < uint(d.Attempts); i++ {
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(d.Cooldown))
	}
	return err
}

func (d downloader) manyImported(ctx context.Context) error {
	return retry.Do(func() error { return callCtx(ctx) }, // want `retry.Do waits the same delay before every attempt`
		retry.Attempts(uint(d.ManyAttempts)), retry.DelayType(retry.FixedDelay), retry.Delay(d.Pause))
}

func (d downloader) fewLongImported(ctx context.Context) error {
	return retry.Do(func() error { return callCtx(ctx) }, // want `retry.Do waits the same delay before every attempt`
		retry.Attempts(d.Attempts), retry.DelayType(retry.FixedDelay), retry.Delay(d.LongPause))
}

// Still reported: a field with no default tag, or a zero default (often the
// "not set" of the code that reads it), leaves the count open.
func (d downloader) untagged(ctx context.Context) error {
	var err error
	for i := 0; i < d.Given; i++ { // want `retry loop waits the same d.Pause before every attempt`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(d.Pause)
	}
	return err
}

func (d downloader) zeroDefault(ctx context.Context) error {
	var err error
	for i := 0; i < d.Unset; i++ { // want `retry loop waits the same d.Pause before every attempt`
		if err = callCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(d.Pause)
	}
	return err
}
