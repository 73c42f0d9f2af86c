// Package memreader is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep
package memreader

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"strings"
)

// A tokenizer that reads runes through an io.RuneReader parameter of its own
// helper asks nothing of another system when every caller hands the helper
// an in-memory reader (a *bytes.Buffer, a *strings.Reader): the loop around
// it is no poll of a remote state. The same helper handed a reader over a
// connection, or an interface value the package cannot see into, reads from
// another system.

var errNoValue = errors.New("key has no value")

// runesUntil reads runes up to one of stop.
func runesUntil(in io.RuneReader, stop map[rune]bool) ([]rune, rune, error) {
	var v []rune
	for {
		r, _, err := in.ReadRune()
		if err != nil {
			return v, r, err
		}
		if stop[r] {
			return v, r, nil
		}
		v = append(v, r)
	}
}

// keyUntil hands its own reader on to runesUntil.
func keyUntil(in io.RuneReader) ([]rune, rune, error) {
	return runesUntil(in, map[rune]bool{'=': true, ',': true, '.': true})
}

type parser struct {
	buf *bytes.Buffer
	out map[string]string
}

func parse(s string) (map[string]string, error) {
	p := &parser{buf: bytes.NewBufferString(s), out: map[string]string{}}
	return p.out, p.key()
}

func (p *parser) set(k string) error {
	p.out[k] = ""
	return nil
}

func (p *parser) key() error {
	for {
		switch k, last, err := runesUntil(p.buf, map[rune]bool{'=': true, ',': true}); {
		case err != nil:
			if len(k) == 0 {
				return err
			}
			return errNoValue
		case last == '=':
			return p.set(string(k))
		case last == ',':
			return errNoValue
		}
	}
}

func keyOf(s string) (string, error) {
	r := strings.NewReader(s)
	for {
		switch k, last, err := keyUntil(r); {
		case err != nil:
			if len(k) > 0 {
				return "", errNoValue
			}
			return "", err
		case last == '=':
			return string(k), nil
		}
	}
}

// The helpers of the remote look-alikes: a reader over a connection, and an
// interface value handed in.

func wordUntil(in io.RuneReader, stop map[rune]bool) ([]rune, rune, error) {
	r, _, err := in.ReadRune()
	return []rune{r}, r, err
}

func lineUntil(in io.RuneReader, stop map[rune]bool) ([]rune, rune, error) {
	r, _, err := in.ReadRune()
	return []rune{r}, r, err
}

type session struct {
	conn net.Conn
	in   io.RuneReader
}

func (s *session) keyFromPeer() error {
	br := bufio.NewReader(s.conn)
	for { // reports: fixedsleep
		switch k, last, err := wordUntil(br, nil); {
		case err != nil:
			if len(k) > 0 {
				return errNoValue
			}
			return err
		case last == '=':
			return nil
		}
	}
}

func (s *session) keyFromInput() error {
	for { // reports: fixedsleep
		switch k, last, err := lineUntil(s.in, nil); {
		case err != nil:
			if len(k) > 0 {
				return errNoValue
			}
			return err
		case last == '=':
			return nil
		}
	}
}
