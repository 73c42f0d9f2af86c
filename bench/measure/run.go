package main

import (
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// Result is one measured run.
type Result struct {
	Target, Tool string
	Wall         float64 // seconds
	CPU          float64 // user+sys seconds, descendants included
	MaxRSS       float64 // MB, the largest single process
	TreeRSS      float64 // MB, peak of the sum over the process tree (sampled)
	Exit         int
}

// run starts argv in dir and waits for it, sampling its process tree meanwhile.
func run(dir, logFile string, argv []string) (*Result, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	var out io.Writer = io.Discard
	if logFile != "" {
		f, err := os.Create(logFile)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		out = f
	}
	cmd.Stdout, cmd.Stderr = out, out

	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	done := make(chan struct{})
	peak := make(chan int64)
	go func() { peak <- sampleTree(cmd.Process.Pid, done) }()
	err := cmd.Wait()
	wall := time.Since(start)
	close(done)
	tree := <-peak

	r := &Result{Wall: wall.Seconds(), TreeRSS: float64(tree) / (1 << 20)}
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			return nil, err
		}
	}
	r.Exit = cmd.ProcessState.ExitCode()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.CPU = tv(ru.Utime) + tv(ru.Stime)
		r.MaxRSS = float64(ru.Maxrss) / 1024 // KB on Linux
	}
	if r.TreeRSS < r.MaxRSS {
		r.TreeRSS = r.MaxRSS // a peak shorter than the sampling period
	}
	return r, nil
}

func tv(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
