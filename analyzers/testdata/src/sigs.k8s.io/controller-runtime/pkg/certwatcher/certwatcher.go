// Package certwatcher is a stub of sigs.k8s.io/controller-runtime/pkg/certwatcher
// (v0.21) for analysistest, reduced to New, ReadCertificate, GetCertificate,
// WithWatchInterval and Start.
package certwatcher

import (
	"context"
	"crypto/tls"
	"time"
)

// CertWatcher watches a certificate and key on disk and reloads them.
type CertWatcher struct {
	certPath, keyPath string
	current           *tls.Certificate
}

// New reads the certificate and key and returns a watcher of them.
func New(certPath, keyPath string) (*CertWatcher, error) {
	cw := &CertWatcher{certPath: certPath, keyPath: keyPath}
	return cw, cw.ReadCertificate()
}

// WithWatchInterval sets how often the files are polled.
func (cw *CertWatcher) WithWatchInterval(interval time.Duration) *CertWatcher { return cw }

// GetCertificate returns the current certificate.
func (cw *CertWatcher) GetCertificate(_ *tls.ClientHelloInfo) (*tls.Certificate, error) {
	return cw.current, nil
}

// ReadCertificate reads the certificate and key files again.
func (cw *CertWatcher) ReadCertificate() error {
	cert, err := tls.LoadX509KeyPair(cw.certPath, cw.keyPath)
	if err != nil {
		return err
	}
	cw.current = &cert
	return nil
}

// Start watches the files until ctx ends.
func (cw *CertWatcher) Start(ctx context.Context) error { panic("stub") }
