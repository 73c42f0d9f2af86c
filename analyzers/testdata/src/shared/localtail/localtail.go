// Package localtail is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep unboundedretry
package localtail

import (
	"bufio"
	"context"
	"io"
	"net"
	"os"
	"time"
)

// A loop whose attempt fails only where it reads a file of this machine
// (a reader over os.Open's file) goes round on a local failure: after
// io.EOF it waits for the file to grow and reads on. What else the attempt
// does with the lines (hands them to a channel) is no failure it retries.

// Quiet: a tail of a local file, paced by a tick or a change notice.
func follow(ctx context.Context, path string, changed <-chan struct{}, out chan<- string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	readLines := func() error {
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return err
			}
			select {
			case out <- line:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
	for {
		err := readLines()
		if err != io.EOF {
			return err
		}
		select {
		case <-time.After(time.Second):
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Reported as before: the same tail over a network connection, whose
// attempt's failure comes from another system.
func followConn(ctx context.Context, addr string, out chan<- string) error {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	r := bufio.NewReader(conn)
	readLines := func() error {
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return err
			}
			out <- line
		}
	}
	for { // reports: fixedsleep unboundedretry
		err := readLines()
		if err != io.EOF {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Reported as before: the attempt reads the local file but also returns
// the error of a call that may reach another system (publish).
func followAndPublish(ctx context.Context, path string, publish func(string) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	readLines := func() error {
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return err
			}
			if err := publish(line); err != nil {
				return err
			}
		}
	}
	for { // reports: fixedsleep unboundedretry
		err := readLines()
		if err != io.EOF {
			return err
		}
		time.Sleep(time.Second)
	}
}
