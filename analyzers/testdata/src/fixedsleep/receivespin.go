package fixedsleep

import (
	"context"
	"encoding/json"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"time"

	"example.com/remotedep"
)

// A receive loop takes what another system has for it (a long poll, a
// consumer's fetch), hands it on and goes round: the call waits for the
// next item, so success needs no pause. A failure does not wait: while the
// system is down the call fails at once, and a failure way that goes back
// to it with no wait calls the failing system again as fast as it fails.

type update struct{ ID int }

type longPoller struct {
	api     string
	offset  int
	onError func(error)
}

func (p *longPoller) getUpdates(ctx context.Context) ([]update, error) {
	u := p.api + "?offset=" + url.QueryEscape(string(rune(p.offset)))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out []update
	return out, json.NewDecoder(resp.Body).Decode(&out)
}

func (p *longPoller) poll(ctx context.Context, dest chan<- update, stop <-chan struct{}) {
	for { // want `receive loop goes round at once after a failure: while getUpdates keeps failing \(the other system down, the connection closed\) the loop calls it again and again without pause; wait on the failure way, growing the wait to a cap`
		select {
		case <-stop:
			return
		default:
		}
		updates, err := p.getUpdates(ctx)
		if err != nil {
			log.Println(err)
			continue
		}
		for _, u := range updates {
			p.offset = u.ID
			dest <- u
		}
	}
}

// Leaving on cancellation leaves every other failure going round at once.
func (p *longPoller) pollUntilCancelled(ctx context.Context, dest chan<- update) {
	for { // want `receive loop goes round at once after a failure`
		updates, err := p.getUpdates(ctx)
		if err != nil {
			if err == context.Canceled {
				return
			}
			log.Println(err)
			continue
		}
		for _, u := range updates {
			dest <- u
		}
	}
}

// Look-alikes that stay quiet.

// Only a timeout goes round: the call waited for its deadline first.
func (p *longPoller) pollTimeouts(ctx context.Context, dest chan<- update) {
	for {
		updates, err := p.getUpdates(ctx)
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			continue
		} else if err != nil {
			return
		}
		for _, u := range updates {
			dest <- u
		}
	}
}

// The failure way waits.
func (p *longPoller) pollPaced(ctx context.Context, dest chan<- update) {
	for {
		updates, err := p.getUpdates(ctx)
		if err != nil {
			log.Println(err)
			time.Sleep(time.Second)
			continue
		}
		for _, u := range updates {
			p.offset = u.ID
			dest <- u
		}
	}
}

// The failure way waits on a timer or the stop.
func (p *longPoller) pollSelect(ctx context.Context, dest chan<- update) {
	for {
		updates, err := p.getUpdates(ctx)
		if err != nil {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
			continue
		}
		for _, u := range updates {
			dest <- u
		}
	}
}

// A failure ends the loop.
func (p *longPoller) pollOnce(ctx context.Context, dest chan<- update) error {
	for {
		updates, err := p.getUpdates(ctx)
		if err != nil {
			return err
		}
		for _, u := range updates {
			dest <- u
		}
	}
}

// The failure way hands the error to a hook out of reach, which may wait.
func (p *longPoller) pollHooked(ctx context.Context, dest chan<- update) {
	for {
		updates, err := p.getUpdates(ctx)
		if err != nil {
			p.onError(err)
			continue
		}
		for _, u := range updates {
			dest <- u
		}
	}
}

// A library's call: it may back off or block inside, out of sight.
func consumeLibrary(ctx context.Context, done chan<- struct{}) {
	for {
		if err := remotedep.Fetch(ctx); err != nil {
			log.Println(err)
			continue
		}
		done <- struct{}{}
	}
}

// Each round handles the next token the stream gave: a failure is that
// token's, and the next round works on another one.
func (p *longPoller) handleTokens(ctx context.Context, tokens []int, errs chan<- error) {
	for n := 0; ; n++ {
		token := tokens[n%len(tokens)]
		if _, err := p.lookup(ctx, token); err != nil {
			errs <- err
			continue
		}
	}
}

func (p *longPoller) lookup(ctx context.Context, token int) ([]update, error) {
	p.offset = token
	return p.getUpdates(ctx)
}

// The call reaches no other system: a file of this machine.
func tailLocal(path string, dest chan<- []byte) {
	for {
		b, err := os.ReadFile(path)
		if err != nil {
			log.Println(err)
			continue
		}
		dest <- b
	}
}

// Each round first waits on a channel (a signal, a request to handle): a
// failure goes back to that wait, not to the call, so nothing spins.
func (p *longPoller) onSignal(ctx context.Context, signals <-chan os.Signal, dest chan<- update) {
	for {
		sig := <-signals
		log.Println("reloading on", sig)
		updates, err := p.getUpdates(ctx)
		if err != nil {
			log.Println(err)
			continue
		}
		for _, u := range updates {
			dest <- u
		}
	}
}

// A wait on a channel that only the failure way skips does not pace it.
func (p *longPoller) ackedPoll(ctx context.Context, acks <-chan struct{}, dest chan<- update) {
	for { // want `receive loop goes round at once after a failure`
		updates, err := p.getUpdates(ctx)
		if err != nil {
			log.Println(err)
			continue
		}
		for _, u := range updates {
			dest <- u
		}
		<-acks
	}
}
