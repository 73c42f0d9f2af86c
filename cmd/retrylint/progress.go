package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
	"golang.org/x/tools/go/analysis"
)

// progress shows, on a terminal, what a long standalone run is doing: one
// line on stderr, rewritten in place, once the run has taken longer than
// progressDelay, and erased before the findings are printed. It never writes
// when stderr is not a terminal or with -json.
type progress struct {
	w     io.Writer
	start time.Time
	stop  chan struct{}
	done  chan struct{}

	endOnce sync.Once

	mu            sync.Mutex
	stage         string
	count, total  int
	shown, erased bool
}

// progressDelay is how long a run stays silent.
const progressDelay = 2 * time.Second

// newProgress returns a progress line on stderr if it is a terminal and the
// output is not JSON; otherwise one that shows nothing.
func newProgress(json bool) *progress {
	if json || !isatty.IsTerminal(os.Stderr.Fd()) && !isatty.IsCygwinTerminal(os.Stderr.Fd()) {
		return &progress{}
	}
	return startProgress(os.Stderr, progressDelay, 250*time.Millisecond)
}

// startProgress draws the line on w every tick once delay has passed.
func startProgress(w io.Writer, delay, tick time.Duration) *progress {
	p := &progress{w: w, start: time.Now(), stop: make(chan struct{}), done: make(chan struct{}), stage: "listing packages"}
	go func() {
		defer close(p.done)
		timer := time.NewTimer(delay)
		defer timer.Stop()
		select {
		case <-p.stop:
			return
		case <-timer.C:
		}
		t := time.NewTicker(tick)
		defer t.Stop()
		for {
			p.draw()
			select {
			case <-p.stop:
				return
			case <-t.C:
			}
		}
	}()
	return p
}

// set records the stage and its count (total 0: no count).
func (p *progress) set(stage string, count, total int) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	p.stage, p.count, p.total = stage, count, total
	p.mu.Unlock()
}

func (p *progress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.erased {
		return
	}
	fmt.Fprint(p.w, "\r\033[K"+progressLine(p.stage, p.count, p.total, time.Since(p.start)))
	p.shown = true
}

// end stops the line and erases it; later calls do nothing.
func (p *progress) end() {
	if p.w == nil {
		return
	}
	p.endOnce.Do(func() {
		close(p.stop)
		<-p.done
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.shown {
			fmt.Fprint(p.w, "\r\033[K")
		}
		p.erased = true
	})
}

// progressLine renders the line: the stage, its count if any, the time so far.
func progressLine(stage string, count, total int, elapsed time.Duration) string {
	line := "retrylint: " + stage
	if total > 0 {
		line += fmt.Sprintf(" %d/%d", count, total)
	}
	return line + fmt.Sprintf(" (%ds)", int(elapsed.Seconds()))
}

// counter is an analyzer that requires every rule and so runs on a package
// once all of them are done with it: it counts the packages analysed.
func (p *progress) counter(rules []*analysis.Analyzer, total int) *analysis.Analyzer {
	var mu sync.Mutex
	n := 0
	return &analysis.Analyzer{
		Name:     "progress",
		Doc:      "counts the packages analysed, for the progress line",
		Requires: rules,
		Run: func(*analysis.Pass) (any, error) {
			mu.Lock()
			n++
			p.set("analysing packages", n, total)
			mu.Unlock()
			return nil, nil
		},
	}
}
