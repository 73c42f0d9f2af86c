// Package http3 is a stub of github.com/quic-go/quic-go/http3 (reduced: the
// client Transport's QUIC configuration and dial).
package http3

import (
	"context"
	"crypto/tls"
	"net/http"

	quic "github.com/quic-go/quic-go"
)

type Transport struct {
	TLSClientConfig *tls.Config
	QUICConfig      *quic.Config
	Dial            func(ctx context.Context, addr string, tlsCfg *tls.Config, cfg *quic.Config) (*quic.Conn, error)
}

func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) { panic("stub") }
