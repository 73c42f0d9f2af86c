package readwait

import (
	"errors"
	"io"
	"os"
)

// A parser asks a stream for a prefix of n bytes and answers "need more"
// when the prefix holds no complete message; the loop asks again for a
// longer prefix, and the read blocks until the bytes arrive.

var errNeedMore = errors.New("need more data")

var errBadFrame = errors.New("bad frame")

type stream interface {
	Peek(n int) ([]byte, error)
	Buffered() int
	Discard(n int) (int, error)
}

type framer struct {
	src   stream
	count int
}

// tryFrame parses the first n bytes of the stream.
func (fr *framer) tryFrame(s stream, n int) error {
	b, err := s.Peek(n)
	if err != nil {
		return err
	}
	for i, c := range b {
		if c == '\n' {
			_, err = s.Discard(i + 1)
			fr.count++
			return err
		}
	}
	return errNeedMore
}

func (fr *framer) readFrame(s stream) error {
	n := 1
	for {
		err := fr.tryFrame(s, n)
		if err == nil {
			return nil
		}
		if !errors.Is(err, errNeedMore) {
			return err
		}
		if n == s.Buffered() {
			n++
			continue
		}
		n = s.Buffered()
	}
}

func (fr *framer) readFrameBuffered(s stream) error {
	n := 1
	for {
		err := fr.tryFrame(s, n)
		if errors.Is(err, errNeedMore) {
			n = s.Buffered() + 1
			continue
		}
		return err
	}
}

// The peek itself is the attempt, its size doubled on the need-more answer.
func (fr *framer) peekHeader() ([]byte, error) {
	n := 16
	for {
		b, err := fr.src.Peek(n)
		if err == io.ErrShortBuffer {
			n *= 2
			continue
		}
		if err != nil {
			return nil, err
		}
		if len(b) > 0 && b[0] == 0 {
			return nil, errBadFrame
		}
		return b, nil
	}
}

// Asked again at the same size: the same answer comes back at once.
func (fr *framer) readFrameSameSize(s stream) error {
	n := 1
	for { // reports: fixedsleep unboundedretry
		err := fr.tryFrame(s, n)
		if errors.Is(err, errNeedMore) {
			continue
		}
		return err
	}
}

// Grown on every error: a broken stream fails again whatever is asked.
func (fr *framer) readFrameAnyError(s stream) error {
	n := 1
	for { // reports: fixedsleep retryall unboundedretry
		err := fr.tryFrame(s, n)
		if err != nil {
			n++
			continue
		}
		return nil
	}
}

// A timeout read again with the same size is a retry.
func (fr *framer) peekOnTimeout() ([]byte, error) {
	n := 16
	for { // reports: fixedsleep unboundedretry
		b, err := fr.src.Peek(n)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			continue
		}
		return b, err
	}
}
