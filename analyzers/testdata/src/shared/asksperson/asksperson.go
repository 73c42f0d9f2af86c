// Package asksperson is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: retryall unboundedretry fixedsleep
package asksperson

import (
	"bufio"
	"context"
	"fmt"
	"log"
	"net/http"
	"os"
	"time"

	"shared/asksperson/term"
)

// A loop that waits for a person before it goes round is paced by that
// person, who fixes the cause before answering and stops it with Ctrl-C:
// not a retry. The same loops without the question are retries.

func build(ctx context.Context) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", "http://builder/build", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("build: %s", resp.Status)
	}
	return nil
}

// pressAKey asks through a function of another package.
func pressAKey(ctx context.Context) error {
	var err error
	for err = build(ctx); err != nil; err = build(ctx) {
		log.Printf("build failed: %v; fix it and press a key", err)
		if err := term.WaitForKey(); err != nil {
			return err
		}
	}
	return nil
}

// answerYes asks with fmt.Scanln.
func answerYes(ctx context.Context) error {
	for {
		err := build(ctx)
		if err == nil {
			return nil
		}
		fmt.Printf("build failed: %v; try again? [y/N] ", err)
		var answer string
		if _, err := fmt.Scanln(&answer); err != nil || answer != "y" {
			return err
		}
	}
}

// readLine asks through a function of this package.
func readLine() string {
	line, _ := bufio.NewReader(os.Stdin).ReadString('\n')
	return line
}

func askAgain(ctx context.Context) error {
	for {
		if err := build(ctx); err == nil {
			return nil
		}
		fmt.Print("press enter to retry")
		readLine()
	}
}

// Look-alikes: the same loops with a pause instead of a question, and with a
// call to the terminal package that asks nothing.

func pause(ctx context.Context) error {
	var err error
	for err = build(ctx); err != nil; err = build(ctx) { // reports: retryall unboundedretry fixedsleep
		log.Printf("build failed: %v", err)
		time.Sleep(time.Second)
	}
	return nil
}

func beepOnly(ctx context.Context) error {
	for { // reports: retryall unboundedretry fixedsleep
		if err := build(ctx); err == nil {
			return nil
		}
		term.Beep()
		time.Sleep(time.Second)
	}
}
