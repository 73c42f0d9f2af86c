package httptimeout

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
)

// A request whose URL's host, written in the code, is loopback or link-local
// goes to this machine or its link: the platform's metadata service, a local
// agent. It is not a server across a network (retryscope.LocalURL).

const metadataTokenURL = "http://169.254.169.254/latest/api/token"

// GOOD: the link-local metadata service, through a constant.
func metadataToken() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodPut, metadataTokenURL, nil)
	return http.DefaultClient.Do(req)
}

// GOOD: a literal of a local client, every send to loopback.
func localAgent(ctx context.Context) error {
	c := &http.Client{}
	if _, err := c.Get("http://127.0.0.1:8500/v1/agent/self"); err != nil {
		return err
	}
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, "http://[::1]:9000/health", nil)
	_, err := c.Do(req)
	return err
}

// GOOD: the host ends in the constant prefix, only the port is a number.
func localScreenshot(port int) (*http.Response, error) {
	return http.Get(fmt.Sprintf("http://127.0.0.1:%d/screenshot?full=1", port))
}

// GOOD: localhost with a path, then whatever follows.
func localPath(name string) (*http.Response, error) {
	return http.Get("http://localhost/files/" + name)
}

// The same client reaching a public host on one send.
func localThenPublic() error {
	c := &http.Client{} // want `http.Client has no Timeout`
	if _, err := c.Get("http://127.0.0.1:8500/v1/agent/self"); err != nil {
		return err
	}
	_, err := c.Get("https://api.example.com/v1/doc")
	return err
}

// A public host.
func publicDoc() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, "https://api.example.com/v1/doc", nil)
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

// A host that is not written in the code: out of reach, not local.
func hostFromCaller(host string) (*http.Response, error) {
	return http.Get("http://" + host + "/x") // want `http.Get sends with http.DefaultClient`
}

// GOOD: the constant prefix ends with the port's ':', and the port alone
// fills the slot, then a path or nothing: what a port slot holds is a port.
func localPortSlot(port int, portText string) {
	http.Get(fmt.Sprintf("http://127.0.0.1:%s/x", portText))
	http.Get("http://127.0.0.1:" + strconv.Itoa(port) + "/x")
	http.Get("https://localhost:" + portText)
	u := "http://[::1]:" + portText + "/healthz"
	http.Get(u)
}

// The prefix does not end the host: "localhost" + ".example.com" is another
// host, and a port followed by more than a path may become user info
// ("127.0.0.1:80@example.com").
func hostNotEnded(suffix, more string, port int) {
	http.Get("http://localhost" + suffix)                                 // want `http.Get sends with http.DefaultClient`
	http.Get(fmt.Sprintf("http://127.0.0.1:%s@x/", suffix))               // want `http.Get sends with http.DefaultClient`
	http.Get("http://127.0.0.1:" + suffix + "@" + more)                   // want `http.Get sends with http.DefaultClient`
	http.Get("http://127.0.0.1:" + suffix + more)                         // want `http.Get sends with http.DefaultClient`
	http.Get(fmt.Sprintf("http://user@127.0.0.1.example.com:%d/x", port)) // want `http.Get sends with http.DefaultClient`
	u := "http://localhost" + suffix
	u = "http://localhost/"
	http.Get(u) // want `http.Get sends with http.DefaultClient`
}

// A private (not loopback, not link-local) address is another machine.
func privateHost() (*http.Response, error) {
	return http.Get("http://10.0.0.7/status") // want `http.Get sends with http.DefaultClient`
}

// A local host named by something other than the URL: the request goes where
// the dial takes it.
var _ = net.IPv4(127, 0, 0, 1)
var _ io.Reader

// The request variable is built twice: to the metadata service, then to a URL
// from the caller. The second send may go anywhere.
func tokenThenCaller(u string) (*http.Response, error) {
	c := http.Client{} // want `http.Client has no Timeout`
	req, _ := http.NewRequest(http.MethodPut, metadataTokenURL, nil)
	if _, err := c.Do(req); err != nil {
		return nil, err
	}
	req, _ = http.NewRequest(http.MethodGet, u, nil)
	return c.Do(req)
}

// GOOD: built twice, both times to the metadata service.
func tokenThenDoc() (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodPut, metadataTokenURL, nil)
	if _, err := http.DefaultClient.Do(req); err != nil {
		return nil, err
	}
	req, _ = http.NewRequest(http.MethodGet, "http://169.254.169.254/latest/user-data", nil)
	return http.DefaultClient.Do(req)
}
