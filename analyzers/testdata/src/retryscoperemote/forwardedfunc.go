package retryscoperemote

// A func-valued parameter handed on to another helper (scanVoid(code, p)
// calling scanWhile(code, p)) runs what the first helper's callers hand in:
// here only character tests of this package, so a lexer that calls itself
// again after skipping a comment stays in the process.

import (
	"errors"
	"net"
)

var errSkipped = errors.New("skipped")

type fwLexer struct{ code string }

func fwScanWhile(code string, p func(byte) bool) (string, string) {
	for i := 0; i < len(code); i++ {
		if !p(code[i]) {
			return code[:i], code[i:]
		}
	}
	return code, ""
}

func fwScanVoid(code string, p func(byte) bool) string {
	_, rest := fwScanWhile(code, p)
	return rest
}

func fwIsNewline(c byte) bool { return c == '\n' }

func fwScan(code string) (string, error) {
	if code[0] == '#' {
		return fwScanVoid(code, func(c byte) bool { return !fwIsNewline(c) }), errSkipped
	}
	head, _ := fwScanWhile(code, fwIsNewline)
	return head, nil
}

func (l *fwLexer) next() (string, error) {
	if l.code == "" {
		return "", errors.New("eof")
	}
	rest, err := fwScan(l.code)
	if err == errSkipped {
		l.code = rest
		return l.next() // want `local`
	}
	return rest, err
}

// The same forwarding, with a caller that hands in a test dialling out.

func fwRemoteWhile(addr string, p func(string) error) error { return p(addr) }

func fwRemoteVoid(addr string, p func(string) error) error { return fwRemoteWhile(addr, p) }

func fwDial(addr string) error {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	return c.Close()
}

func fwWaitReachable(addr string) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote`
		if err = fwRemoteVoid(addr, fwDial); err == nil {
			return nil
		}
	}
	return err
}
