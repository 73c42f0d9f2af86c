// Package term waits on the terminal for the asksperson fixture.
package term

import (
	"bufio"
	"errors"
	"os"
)

// WaitForKey waits until someone presses a key; Ctrl-C cancels.
func WaitForKey() error {
	r, _, err := bufio.NewReader(os.Stdin).ReadRune()
	if err != nil {
		return err
	}
	if r == 3 {
		return errors.New("interrupted")
	}
	return nil
}

// Beep writes to the terminal and reads nothing.
func Beep() { os.Stdout.WriteString("\a") }
