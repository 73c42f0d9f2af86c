package retryscoperemote

// Remote attempts that only connect, and those that may hear a verdict
// (Region.MayBeRefused).

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"net"
	"net/http"
	"time"

	"example.com/connectdep"
)

func rfGetClose(c *http.Client) error {
	resp, err := c.Get("http://svc/")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func rfGetStatus(c *http.Client) error {
	resp, err := c.Get("http://svc/")
	if err != nil {
		return err
	}
	return rfBusy(resp)
}

func rfBusy(resp *http.Response) error {
	resp.Body.Close()
	if resp.StatusCode == http.StatusServiceUnavailable {
		return errors.New(resp.Status)
	}
	return nil
}

// rfDial: a dial.
func rfDial() error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, connects only`
		if _, err = net.DialTimeout("tcp", "svc:1", time.Second); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// rfConnWrite: a write again on the connection the loop holds: a failed
// write leaves the connection broken, so no other system hears the retry
// (remote_stickyconn.go).
func rfConnWrite(conn net.Conn) error {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		if _, err = conn.Write([]byte("ping")); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// rfGetBodyClosed: an HTTP request whose status nobody reads; its body closed.
func rfGetBodyClosed(c *http.Client) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, connects only`
		if err = rfGetClose(c); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// rfLookup: a name lookup.
func rfLookup(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, connects only`
		if _, err = net.DefaultResolver.LookupHost(ctx, "svc"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// rfStatusInHelper: a helper of this package turns the status into the error.
func rfStatusInHelper(c *http.Client) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		if err = rfGetStatus(c); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// rfStatusHandedOn: the response is handed to a function that reads its status.
func rfStatusHandedOn(c *http.Client) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		var resp *http.Response
		if resp, err = c.Get("http://svc/"); err == nil {
			err = rfBusy(resp)
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// rfPing: a database ping.
func rfPing(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		if err = db.PingContext(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// rfWriter: an interface method out of sight.
func rfWriter(w io.Writer) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		if _, err = w.Write([]byte("ping")); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// rfDialOther: a helper of another package that only dials (Remote.ConnectsOnly).
func rfDialOther() error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, connects only`
		if err = connectdep.Dial("svc:1"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// rfFetchOther: a helper of another package that reads the status (Remote).
func rfFetchOther() error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		if err = connectdep.Fetch("http://svc/"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// rfCheckOther: a local function of another package that reads the status (ReadsStatus).
func rfCheckOther(c *http.Client) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		var resp *http.Response
		if resp, err = c.Get("http://svc/"); err == nil {
			err = connectdep.CheckStatus(resp)
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
