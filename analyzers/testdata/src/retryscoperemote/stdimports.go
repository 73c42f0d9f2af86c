package retryscoperemote

import (
	"crypto/x509"
	"encoding/pem"
	"errors"
	"expvar"
	"log/syslog"
	"mime/multipart"
	"net/mail"
	"os"
	"time"
)

// A few packages of the standard library import a network package without
// reaching another system: expvar serves its variables over HTTP only when a
// server calls its handler, crypto/x509 uses net for IP addresses, and
// mime/multipart uses net/textproto to parse headers, and net/mail uses net
// to parse an IP literal in an address. An attempt that counts into expvar,
// parses a certificate, a multipart file or a mail header stays in the process;
// log/syslog, which dials a syslog server, does not.

var (
	loadAttempts = expvar.NewInt("cert_load_attempts")
	errNoPEM     = errors.New("no PEM block")
)

func loadCert(path string) (*x509.Certificate, error) {
	loadAttempts.Add(1)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, errNoPEM
	}
	return x509.ParseCertificate(block.Bytes)
}

func certFileLocal(path string) (*x509.Certificate, error) {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		var c *x509.Certificate
		if c, err = loadCert(path); err == nil {
			return c, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

func firstPart(path, boundary string) (*multipart.Part, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return multipart.NewReader(f, boundary).NextPart()
}

func multipartFileLocal(path, boundary string) error {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		if _, err = firstPart(path, boundary); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func syslogRemote(addr string) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote`
		var w *syslog.Writer
		if w, err = syslog.Dial("udp", addr, syslog.LOG_INFO, "app"); err == nil {
			return w.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func readFrom(path string) (*mail.Address, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := mail.ReadMessage(f)
	if err != nil {
		return nil, err
	}
	return mail.ParseAddress(m.Header.Get("From"))
}

func mailFileLocal(path string) error {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		if _, err = readFrom(path); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
