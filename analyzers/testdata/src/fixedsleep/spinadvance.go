package fixedsleep

import (
	"net"
	"net/http"
)

// Look-alikes of a state poll: each round takes the next item of an input,
// so the loop goes round at once because there is more input, not because a
// state lasts.

type argFetcher struct {
	client *http.Client
	args   []string
}

// parseOne consumes one argument, fetching what it names.
func (a *argFetcher) parseOne() (bool, error) {
	if len(a.args) == 0 {
		return false, nil
	}
	name := a.args[0]
	a.args = a.args[1:]
	resp, err := a.client.Get("http://config.internal/" + name)
	if err != nil {
		return false, err
	}
	resp.Body.Close()
	return true, nil
}

// Quiet: parseOne moves its receiver on (a.args = a.args[1:]).
func (a *argFetcher) fetchAll() error {
	for {
		seen, err := a.parseOne()
		if err != nil {
			return err
		}
		if !seen {
			return nil
		}
	}
}

type blockDecoder struct {
	conn net.Conn
	buf  [256]byte
}

// readBlock reads the next length-prefixed block.
func (d *blockDecoder) readBlock() (int, error) {
	return d.conn.Read(d.buf[:])
}

// Quiet: readBlock names the next item of a stream.
func (d *blockDecoder) skipBlocks() error {
	for {
		n, err := d.readBlock()
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
	}
}

type flagProbe struct {
	client *http.Client
	calls  int
}

// ready asks the server and counts its calls on the receiver.
func (p *flagProbe) ready() (bool, error) {
	p.calls++
	resp, err := p.client.Get("http://svc.internal/ready")
	if err != nil {
		return false, err
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}

// Quiet by choice: any write to the receiver's fields counts as moving on,
// a call counter too, so the rule stays quiet rather than claim a spin it
// cannot prove.
func (p *flagProbe) waitReady() error {
	for {
		ok, err := p.ready()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
	}
}
