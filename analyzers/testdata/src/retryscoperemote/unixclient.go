package retryscoperemote

// An HTTP client whose transport dials only unix sockets talks to a process
// of this machine, whatever host the URL names: a send through it is local,
// as a loopback URL is. A dialer that reaches TCP on some path, or that
// passes on the network it is given, is remote.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/sirupsen/logrus"
)

const ucAdminSock = "/run/admin.sock"

func ucPostFail(sock string) error {
	c := http.Client{Transport: &http.Transport{
		DialContext: func(context.Context, string, string) (net.Conn, error) {
			return net.Dial("unix", sock)
		},
	}}
	resp, err := c.Post("http://admin/fail", "", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return ucStatus(resp)
}

func ucWaitPostFail() {
	for { // want `local`
		if ucPostFail(ucAdminSock) == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func ucPostTCP(addr string) error {
	c := http.Client{Transport: &http.Transport{
		DialContext: func(context.Context, string, string) (net.Conn, error) {
			return net.Dial("tcp", addr)
		},
	}}
	resp, err := c.Post("http://admin/fail", "", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return ucStatus(resp)
}

func ucWaitPostTCP(addr string) {
	for { // want `remote, may be refused`
		if ucPostTCP(addr) == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func ucStatus(resp *http.Response) error {
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("admin answered %s", resp.Status)
	}
	return nil
}

// A send through a client that a helper of the package builds over a unix
// socket, while logging through logrus's logger interface.
type ucDrainer struct {
	sock string
	logrus.FieldLogger
}

func ucUnixClient(sock string) *http.Client {
	tr := &http.Transport{Dial: func(_, _ string) (net.Conn, error) {
		return net.DialUnix("unix", nil, &net.UnixAddr{Name: sock, Net: "unix"})
	}}
	return &http.Client{Transport: tr}
}

func (d *ucDrainer) ucWaitBuilt() {
	for { // want `local`
		d.Infof("asking the admin socket")
		resp, err := ucUnixClient(d.sock).Get("http://admin/ready")
		if err == nil && ucStatus(resp) == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// The same helper, when the transport also dials TLS its own way.
func ucTLSClient(sock string) *http.Client {
	tr := &http.Transport{
		Dial: func(_, _ string) (net.Conn, error) { return net.Dial("unix", sock) },
		DialTLS: func(network, addr string) (net.Conn, error) {
			return net.Dial(network, addr)
		},
	}
	return &http.Client{Transport: tr}
}

func (d *ucDrainer) ucWaitTLS() {
	for { // want `remote, may be refused`
		resp, err := ucTLSClient(d.sock).Get("https://admin/ready")
		if err == nil && ucStatus(resp) == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
