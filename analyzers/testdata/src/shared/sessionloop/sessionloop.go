// Package sessionloop is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: unboundedretry fixedsleep
package sessionloop

import (
	"bufio"
	"errors"
	"net"
	"strings"
	"time"
)

// A session loop reads the next command from its connection each round and
// serves it. When the read judges what it consumed (a line too long, which
// it drained) and the loop answers and goes round, the next round reads the
// next command: nothing is done again. Going round on the read's every
// failure, or on an error the read returns before it reads anything, repeats
// the read.

var (
	errTooLong = errors.New("500 line too long")
	errClosed  = errors.New("session closed")
)

type session struct {
	conn    net.Conn
	br      *bufio.Reader
	closed  bool
	timeout time.Duration
}

func (s *session) reply(msg string) { _, _ = s.conn.Write([]byte(msg + "\r\n")) }

// readCommand reads one line; a line longer than the buffer is drained and
// refused.
func (s *session) readCommand() (string, error) {
	_ = s.conn.SetReadDeadline(time.Now().Add(s.timeout))
	line, more, err := s.br.ReadLine()
	if err != nil {
		return "", err
	}
	if more {
		for more {
			if _, more, err = s.br.ReadLine(); err != nil {
				return "", err
			}
		}
		return "", errTooLong
	}
	return string(line), nil
}

func (s *session) serve() {
	for {
		line, err := s.readCommand()
		if err != nil {
			if errors.Is(err, errTooLong) {
				s.reply(err.Error())
				continue
			}
			return
		}
		if strings.EqualFold(line, "QUIT") {
			s.reply("221 bye")
			return
		}
		s.reply("250 ok")
	}
}

// ---- look-alikes ----

// readOnce prompts, then refuses before it reads: going round on its refusal
// reads nothing new.
func (s *session) readOnce() (string, error) {
	s.reply("334 go on")
	if s.closed {
		return "", errClosed
	}
	return s.br.ReadString('\n')
}

func (s *session) awaitOpen() (string, error) {
	for { // reports: unboundedretry
		line, err := s.readOnce()
		if errors.Is(err, errClosed) {
			continue
		}
		return line, err
	}
}

// Every failure of the read goes round: a dead connection spins.
func (s *session) firstLine() string {
	for { // reports: unboundedretry
		line, err := s.readCommand()
		if err != nil {
			continue
		}
		return line
	}
}

// The same refusal of a long line, ending the loop on the first good line.
func (s *session) firstShortLine() (string, error) {
	for {
		line, err := s.readCommand()
		if errors.Is(err, errTooLong) {
			s.reply(err.Error())
			continue
		}
		return line, err
	}
}
