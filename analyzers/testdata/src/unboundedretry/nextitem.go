package unboundedretry

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
)

// A loop over items: the read of the next item (a datagram, a message, a
// value off a channel) returns its own error; the error that goes round comes
// from processing what that read just returned, and the next round reads
// another item. Nothing that failed is done again: no retry.

// The processing calls go through interfaces, out of sight: they may reach
// another system, so without the statement these loops would be remote
// retries.
type headerParser interface {
	Parse(p []byte, addr net.Addr) (int, net.Addr, error)
}

type packetConn struct {
	net.PacketConn
	hdr headerParser
}

func (c *packetConn) ReadFrom(p []byte) (n int, addr net.Addr, err error) {
	for {
		n, addr, err = c.PacketConn.ReadFrom(p)
		if err != nil {
			return n, addr, err
		}
		n, addr, err = c.hdr.Parse(p[:n], addr)
		if err != nil {
			log.Printf("dropping invalid packet: %v", err)
			continue
		}
		return n, addr, nil
	}
}

type message struct{ Value []byte }

type messageReader interface {
	ReadMessage(ctx context.Context) (message, error)
}

type event struct{ name string }

type eventDecoder interface {
	Decode(b []byte) (event, error)
}

func nextEvent(ctx context.Context, r messageReader, dec eventDecoder) (event, error) {
	for {
		msg, err := r.ReadMessage(ctx)
		if err != nil {
			return event{}, err
		}
		ev, err := dec.Decode(msg.Value)
		if err != nil {
			log.Printf("skipping undecodable message: %v", err)
			continue
		}
		return ev, nil
	}
}

func nextFromChannel(ch <-chan []byte, dec eventDecoder) (event, error) {
	for {
		b, ok := <-ch
		if !ok {
			return event{}, errors.New("closed")
		}
		ev, err := dec.Decode(b)
		if err != nil {
			continue
		}
		return ev, nil
	}
}

// ---- look-alikes: still retries ----

type responseChecker interface {
	Check(resp *http.Response) error
}

// The check judges the answer to the same request, sent again.
func sendUntilAccepted(c *http.Client, req *http.Request, v responseChecker) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if err := v.Check(resp); err != nil {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
}

// The read's own error goes round: the read is retried.
func readRetryingItsError(ctx context.Context, r messageReader, dec eventDecoder) (event, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		msg, err := r.ReadMessage(ctx)
		if err != nil {
			continue
		}
		ev, err := dec.Decode(msg.Value)
		if err != nil {
			return event{}, err
		}
		return ev, nil
	}
}

type keyStore interface {
	Fetch(ctx context.Context, key string) ([]byte, error)
}

// The first call, though named Fetch, asks for the same key each round: it is
// no read of the next item, and the decode failure has it asked again.
func loadUntilDecoded(ctx context.Context, s keyStore, key string, dec eventDecoder) (event, error) {
	for { // want `retry loop has no attempt limit and no deadline`
		b, err := s.Fetch(ctx, key)
		if err != nil {
			return event{}, err
		}
		ev, err := dec.Decode(b)
		if err != nil {
			continue
		}
		return ev, nil
	}
}

// The item is read once, before the loop: every round decodes the same bytes
// again.
func decodeReadOnce(ctx context.Context, r messageReader, dec eventDecoder) (event, error) {
	msg, err := r.ReadMessage(ctx)
	if err != nil {
		return event{}, err
	}
	for { // want `retry loop has no attempt limit and no deadline`
		ev, err := dec.Decode(msg.Value)
		if err != nil {
			continue
		}
		return ev, nil
	}
}

var errTryAgain = errors.New("try again")

// The read's own failure goes round on one error, and the read is handed
// ctx: once ctx ends the read fails with its error, which leaves (the round
// after Q1).
func readRetryingOneError(ctx context.Context, r messageReader, dec eventDecoder) (event, error) {
	for {
		msg, err := r.ReadMessage(ctx)
		if errors.Is(err, errTryAgain) {
			continue
		}
		if err != nil {
			return event{}, err
		}
		ev, err := dec.Decode(msg.Value)
		if err != nil {
			continue
		}
		return ev, nil
	}
}

// An unexported read is named the same way: recvPacket hands out the next
// packet of the connection, and a packet the maker (out of sight) cannot
// read is skipped.

var errUnknownPacket = errors.New("unknown packet type")

type rxPacket struct {
	kind byte
	body []byte
}

type requestPacket interface{ UnmarshalBinary([]byte) error }

type packetMaker interface{ New(kind byte) requestPacket }

var maker packetMaker

func makePacket(p rxPacket) (requestPacket, error) {
	pkt := maker.New(p.kind)
	if pkt == nil {
		return nil, fmt.Errorf("unhandled packet type: %d", p.kind)
	}
	return pkt, pkt.UnmarshalBinary(p.body)
}

type packetConn2 struct{ nc net.Conn }

func (c *packetConn2) recvPacket(order uint32) (byte, []byte, error) {
	b := make([]byte, 8)
	if _, err := io.ReadFull(c.nc, b); err != nil {
		return 0, nil, err
	}
	return b[0], b[1:], nil
}

// getPacket reads the same way, but its name does not say it hands out the
// next item: it may be a request for one, asked again.
func (c *packetConn2) getPacket(order uint32) (byte, []byte, error) {
	return c.recvPacket(order)
}

type packetServer struct {
	conn  packetConn2
	order uint32
}

func (s *packetServer) nextOrder() uint32 {
	s.order++
	return s.order
}

func (s *packetServer) serve(out chan<- requestPacket) error {
	var kind byte
	var b []byte
	var err error
	var pkt requestPacket
	for {
		kind, b, err = s.conn.recvPacket(s.nextOrder())
		if err != nil {
			return err
		}
		pkt, err = makePacket(rxPacket{kind, b})
		if err != nil {
			switch {
			case errors.Is(err, errUnknownPacket):
			default:
				log.Println(err)
				return err
			}
		}
		out <- pkt
	}
}

func (s *packetServer) serveRequested(out chan<- requestPacket) error {
	var kind byte
	var b []byte
	var err error
	var pkt requestPacket
	for { // want `retry loop has no attempt limit and no deadline`
		kind, b, err = s.conn.getPacket(s.nextOrder())
		if err != nil {
			return err
		}
		pkt, err = makePacket(rxPacket{kind, b})
		if err != nil {
			switch {
			case errors.Is(err, errUnknownPacket):
			default:
				return err
			}
		}
		out <- pkt
	}
}
