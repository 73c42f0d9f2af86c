// Package mail implements the interfaces of verdictiface: the verdict facts
// cross the import.
package mail

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	netmail "net/mail"
	"net/smtp"
	"net/textproto"
	"text/template"

	"retryall/verdictiface"
)

var _ verdictiface.Sender = (*Mailer)(nil)

type Mailer struct{ c *smtp.Client }

// Every SMTP reply, 550 "no such user" included, is sent again.
func (m *Mailer) Send(ctx context.Context, to string) (bool, error) { // want `mail.Mailer.Send answers true \(try again\) on every error, and the retry loop in verdictiface.run \(verdictiface.go:20\) obeys verdictiface.Sender.Send: answer false for permanent failures`
	if err := m.c.Rcpt(to); err != nil {
		return true, err
	}
	w, err := m.c.Data()
	if err != nil {
		return true, err
	}
	return false, w.Close()
}

// GOOD: a permanent SMTP reply (5xx) is final.
type CheckedMailer struct{ c *smtp.Client }

func (m *CheckedMailer) Send(ctx context.Context, to string) (bool, error) {
	if err := m.c.Rcpt(to); err != nil {
		var tp *textproto.Error
		if errors.As(err, &tp) && tp.Code >= 500 {
			return false, err
		}
		return true, err
	}
	return false, nil
}

// The verdict is obeyed through verdictiface.Integration.Notify.
type Webhook struct {
	c   *http.Client
	url string
}

func (w Webhook) Notify(ctx context.Context) (bool, error) { // want `mail.Webhook.Notify answers true \(try again\) on every error, and the retry loop in verdictiface.Integration.deliver`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.url, nil)
	if err != nil {
		return false, err
	}
	if err := post(w.c, req); err != nil {
		return true, err
	}
	return false, nil
}

// get is c.Get whose error carries the server's refusal too.
func get(c *http.Client, url string) (*http.Response, error) {
	resp, err := c.Get(url)
	if err == nil && resp.StatusCode >= 300 {
		resp.Body.Close()
		return nil, errors.New(resp.Status)
	}
	return resp, err
}

// post sends a request and turns a status that is not a success into an
// error: the server's refusals come back as errors.
func post(c *http.Client, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return errors.New(resp.Status)
	}
	return nil
}

// GOOD: the attempt stays in the process (a template): nothing remote is
// asked again.
type Renderer struct{ t *template.Template }

func (r Renderer) Notify(ctx context.Context) (bool, error) {
	if err := r.t.Execute(nil, nil); err != nil {
		return true, err
	}
	return false, nil
}

// GOOD: Pager's bool is no retry verdict (its loop does not wait).
type Pages struct{ c *http.Client }

func (p *Pages) Next(ctx context.Context) (bool, error) {
	resp, err := get(p.c, "http://pages.internal/next")
	if err != nil {
		return true, err
	}
	return false, resp.Body.Close()
}

// GOOD: Checker's loop leaves on every error.
type Probe struct{ c *http.Client }

func (p *Probe) Ready(ctx context.Context) (bool, error) {
	resp, err := get(p.c, "http://svc.internal/ready")
	if err != nil {
		return true, err
	}
	return resp.StatusCode == http.StatusOK, resp.Body.Close()
}

// GOOD: Uploader's bool is obeyed by no loop.
type Bucket struct{ c *http.Client }

func (b *Bucket) Upload(ctx context.Context) (bool, error) {
	resp, err := get(b.c, "http://bucket.internal/")
	if err != nil {
		return true, err
	}
	return false, resp.Body.Close()
}

// GOOD: Send without the context does not implement Sender.
type Pigeon struct{ c *http.Client }

func (p *Pigeon) Send(to string) (bool, error) {
	resp, err := get(p.c, "http://pigeon.internal/"+to)
	if err != nil {
		return true, err
	}
	return false, resp.Body.Close()
}

var errNoName = errors.New("the sender needs a name")

// Refusals of its own configuration (stops under settings and parsed
// addresses, none of them read from a reply) tell no failure of the SMTP
// exchange apart: every reply is still sent again.
type ConfiguredMailer struct {
	c       *smtp.Client
	from    string
	mode    string
	headers []string
}

func (m *ConfiguredMailer) Send(ctx context.Context, to string) (bool, error) { // want `mail.ConfiguredMailer.Send answers true \(try again\) on every error`
	addr, err := netmail.ParseAddress(m.from)
	if err != nil {
		return false, err
	}
	switch m.mode {
	case "named":
		if addr.Name == "" {
			return false, errNoName
		}
	}
	for _, h := range m.headers {
		if len(h) > 998 {
			return false, errors.New("header line too long")
		}
	}
	if err := m.c.Mail(addr.Address); err != nil {
		return true, err
	}
	if err := m.c.Rcpt(to); err != nil {
		return true, err
	}
	return false, nil
}

// GOOD: gives up on an answer of the server (a code in the reply's body).
type TokenSender struct{ c *http.Client }

func (t *TokenSender) Send(ctx context.Context, to string) (bool, error) {
	resp, err := get(t.c, "http://api.internal/send?to="+to)
	if err != nil {
		return true, err
	}
	defer resp.Body.Close()
	var reply struct{ Code int }
	if err := json.NewDecoder(resp.Body).Decode(&reply); err != nil {
		return false, err
	}
	if reply.Code == 40001 {
		return false, errors.New("invalid token")
	}
	return false, nil
}

// GOOD: Worker's loop is stopped by its owner.
type Job struct{ c *http.Client }

func (j *Job) Work(ctx context.Context) (bool, error) {
	resp, err := get(j.c, "http://jobs.internal/next")
	if err != nil {
		return true, err
	}
	return false, resp.Body.Close()
}
