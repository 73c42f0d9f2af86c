package retryall

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/sirupsen/logrus"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

// An HTTP client whose transport dials only unix sockets talks to a process
// of this machine, whatever host its URL names: a few tries of a send
// through it retry nobody's shared server, as a loopback URL does not. A
// transport that dials TCP, or the network its caller asks for, reaches
// across the network.

type drainer struct {
	sock string
	logrus.FieldLogger
}

var drainBackoff = wait.Backoff{Steps: 12, Duration: 2 * time.Second, Factor: 5}

// GOOD: the client is a literal of the helper, its dial reaches a unix socket.
func (d *drainer) failHealth() error {
	return k8sretry.OnError(drainBackoff, func(error) bool { return true }, func() error {
		d.Infof("failing health checks")
		return postAdmin(d.sock, "/healthcheck/fail")
	})
}

func postAdmin(sock, path string) error {
	c := http.Client{Transport: &http.Transport{
		DialContext: func(context.Context, string, string) (net.Conn, error) {
			return net.Dial("unix", sock)
		},
	}}
	resp, err := c.Post("http://admin"+path, "", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return adminStatus(resp)
}

// GOOD: the client is built by a helper of the package, the transport held
// in a variable first.
func (d *drainer) failHealthBuilt() error {
	return k8sretry.OnError(drainBackoff, func(error) bool { return true }, func() error {
		resp, err := unixAdminClient(d.sock).Post("http://admin/healthcheck/fail", "", nil)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return adminStatus(resp)
	})
}

func unixAdminClient(sock string) *http.Client {
	var dialer net.Dialer
	tr := &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return dialer.DialContext(ctx, "unix", sock)
	}}
	return &http.Client{Transport: tr}
}

// BAD: the same send through a transport that dials TCP.
func (d *drainer) failHealthTCP(addr string) error {
	return k8sretry.OnError(drainBackoff, func(error) bool { return true }, func() error { // want `retry.OnError retries every error`
		return postAdminTCP(addr, "/healthcheck/fail")
	})
}

func postAdminTCP(addr, path string) error {
	c := http.Client{Transport: &http.Transport{
		DialContext: func(context.Context, string, string) (net.Conn, error) {
			return net.Dial("tcp", addr)
		},
	}}
	resp, err := c.Post("http://admin"+path, "", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return adminStatus(resp)
}

// BAD: the transport dials a unix socket or TCP, as its caller says.
func (d *drainer) failHealthEither(network, addr string) error {
	return k8sretry.OnError(drainBackoff, func(error) bool { return true }, func() error { // want `retry.OnError retries every error`
		return postAdminOn(network, addr)
	})
}

func postAdminOn(network, addr string) error {
	c := &http.Client{Transport: &http.Transport{
		DialContext: func(context.Context, string, string) (net.Conn, error) {
			if network == "unix" {
				return net.Dial("unix", addr)
			}
			return net.Dial("tcp", addr)
		},
	}}
	resp, err := c.Post("http://admin/healthcheck/fail", "", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return adminStatus(resp)
}

// BAD: the client variable gets another transport before the send.
func (d *drainer) failHealthSwapped(tcp http.RoundTripper) error {
	return k8sretry.OnError(drainBackoff, func(error) bool { return true }, func() error { // want `retry.OnError retries every error`
		c := unixAdminClient(d.sock)
		c.Transport = tcp
		resp, err := c.Post("http://admin/healthcheck/fail", "", nil)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return adminStatus(resp)
	})
}

func adminStatus(resp *http.Response) error {
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("admin answered %s", resp.Status)
	}
	return nil
}
