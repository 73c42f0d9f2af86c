// Package packetskip is a shared fixture: the rules it names judge the same
// code, and each line says which of them report it (analyzers'
// TestSharedFixtures).
//
// rules: fixedsleep retryall unboundedretry
package packetskip

import (
	"errors"
	"io"
	"net"
)

// A datagram receive loop that skips a packet failing with a named error
// (one that did not fit) and leaves on every other failure ends when its
// socket is closed: the closed error leaves. So does one whose buffer fills
// itself from the socket. Going round on a class without a name, or reading
// a stream, stays a retry without a stop.

// frame is a buffer that fills itself from a source.
type frame struct {
	data []byte
	end  int
}

func (f *frame) reset() { f.end = 0 }

// ReadPacketFrom reads one datagram of pc into the free part of the buffer.
func (f *frame) ReadPacketFrom(pc net.PacketConn) (int, net.Addr, error) {
	if f.end == len(f.data) {
		return 0, nil, io.ErrShortBuffer
	}
	n, from, err := pc.ReadFrom(f.data[f.end:])
	f.end += n
	return n, from, err
}

// ReadStreamFrom reads what r has into the free part of the buffer.
func (f *frame) ReadStreamFrom(r io.Reader) (int, error) {
	n, err := r.Read(f.data[f.end:])
	f.end += n
	return n, err
}

func wanted(b []byte, id byte) bool { return len(b) > 1 && b[0] == id }

func awaitReply(pc net.PacketConn, id byte) ([]byte, error) {
	buf := make([]byte, 576)
	for {
		n, _, err := pc.ReadFrom(buf)
		if err != nil {
			if errors.Is(err, io.ErrShortBuffer) {
				continue
			}
			return nil, err
		}
		if !wanted(buf[:n], id) {
			continue
		}
		return buf[:n], nil
	}
}

func awaitFrame(pc net.PacketConn, id byte) ([]byte, error) {
	f := &frame{data: make([]byte, 576)}
	for {
		f.reset()
		_, _, err := f.ReadPacketFrom(pc)
		if err != nil {
			if errors.Is(err, io.ErrShortBuffer) {
				continue
			}
			return nil, err
		}
		if !wanted(f.data[:f.end], id) {
			continue
		}
		return f.data[:f.end], nil
	}
}

// ---- a class without a name, or a stream: reported ----

// Any net.Error goes round, a closed socket's too.
func awaitAnyNetError(pc net.PacketConn, id byte) ([]byte, error) {
	f := &frame{data: make([]byte, 576)}
	for { // reports: unboundedretry
		f.reset()
		_, _, err := f.ReadPacketFrom(pc)
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) {
				continue
			}
			return nil, err
		}
		return f.data[:f.end], nil
	}
}

// A stream's short read is read again from the same stream.
func awaitStream(r io.ReadCloser) ([]byte, error) {
	f := &frame{data: make([]byte, 576)}
	for { // reports: fixedsleep unboundedretry
		_, err := f.ReadStreamFrom(r)
		if err != nil {
			if errors.Is(err, io.ErrShortBuffer) {
				continue
			}
			return nil, err
		}
		return f.data[:f.end], nil
	}
}
