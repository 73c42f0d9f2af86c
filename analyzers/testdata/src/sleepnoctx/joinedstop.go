package sleepnoctx

import (
	"context"
	"fmt"
	"net"
	"sync"
	"time"
)

// A channel closed only after a WaitGroup's Wait, by the function that
// started the goroutines that WaitGroup counts, cannot fire while any of
// them runs: it tells another goroutine (a progress printer) that they are
// finished, and a wait in one of them that ignores it ignores nothing.

func jsDial(addr string) error {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	return c.Close()
}

func jsProgress(done chan struct{}, count *int) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			fmt.Println(*count)
		case <-done:
			return
		}
	}
}

// GOOD: done is closed once every worker wg.Go started has returned.
func jsWorkersGo(addrs []string) {
	var wg sync.WaitGroup
	count := 0
	done := make(chan struct{})
	go jsProgress(done, &count)
	for _, a := range addrs {
		wg.Go(func() {
			for try := 0; try < 6; try++ {
				if jsDial(a) == nil {
					break
				}
				time.Sleep(5 * time.Second)
			}
		})
	}
	wg.Wait()
	close(done)
}

// GOOD: the same with wg.Add and a deferred wg.Done in the goroutine.
func jsWorkersAdd(addrs []string) {
	var wg sync.WaitGroup
	count := 0
	done := make(chan struct{})
	go jsProgress(done, &count)
	for _, a := range addrs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for try := 0; try < 6; try++ {
				if jsDial(a) == nil {
					break
				}
				time.Sleep(5 * time.Second)
			}
		}()
	}
	wg.Wait()
	close(done)
}

// BAD: closed before the Wait, done can fire while the workers retry.
func jsCloseFirst(addrs []string) {
	var wg sync.WaitGroup
	count := 0
	done := make(chan struct{})
	go jsProgress(done, &count)
	for _, a := range addrs {
		wg.Go(func() {
			for try := 0; try < 6; try++ { // want `time.Sleep between retry attempts ignores the stop channel done`
				if jsDial(a) == nil {
					break
				}
				time.Sleep(5 * time.Second)
			}
		})
	}
	close(done)
	wg.Wait()
}

// BAD: a signal closes done too, while the workers still run.
func jsSignalled(addrs []string, sig chan struct{}) {
	var wg sync.WaitGroup
	count := 0
	done := make(chan struct{})
	var once sync.Once
	go func() {
		<-sig
		once.Do(func() { close(done) })
	}()
	go jsProgress(done, &count)
	for _, a := range addrs {
		wg.Go(func() {
			for try := 0; try < 6; try++ { // want `time.Sleep between retry attempts ignores the stop channel done`
				if jsDial(a) == nil {
					break
				}
				time.Sleep(5 * time.Second)
			}
		})
	}
	wg.Wait()
	once.Do(func() { close(done) })
}

// BAD: the goroutine is not one the WaitGroup counts; done can fire
// while it retries.
func jsUncounted(addrs []string) {
	var wg sync.WaitGroup
	count := 0
	done := make(chan struct{})
	go jsProgress(done, &count)
	go func() {
		for try := 0; try < 6; try++ { // want `time.Sleep between retry attempts ignores the stop channel done`
			if jsDial(addrs[0]) == nil {
				break
			}
			time.Sleep(5 * time.Second)
		}
	}()
	wg.Go(func() { count++ })
	wg.Wait()
	close(done)
}

// BAD, without the stop: a caller holds a context the workers could be
// handed, so the finding asks for it instead of naming done.
func jsWorkersCalled(addrs []string) {
	var wg sync.WaitGroup
	count := 0
	done := make(chan struct{})
	go jsProgress(done, &count)
	for _, a := range addrs {
		wg.Go(func() {
			for try := 0; try < 6; try++ { // want `time.Sleep between retry attempts cannot be cancelled: accept a context.Context`
				if jsDial(a) == nil {
					break
				}
				time.Sleep(5 * time.Second)
			}
		})
	}
	wg.Wait()
	close(done)
}

func JsRun(ctx context.Context, addrs []string) error {
	jsWorkersCalled(addrs)
	return ctx.Err()
}
