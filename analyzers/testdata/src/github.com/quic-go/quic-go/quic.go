// Package quic is a stub of github.com/quic-go/quic-go (reduced: Config's
// liveness fields and a dial).
package quic

import (
	"context"
	"crypto/tls"
	"net"
	"time"
)

type Config struct {
	HandshakeIdleTimeout time.Duration
	MaxIdleTimeout       time.Duration
	KeepAlivePeriod      time.Duration
	MaxIncomingStreams   int64
}

type Conn struct{}

func DialAddr(ctx context.Context, addr string, tlsConf *tls.Config, conf *Config) (*Conn, error) {
	panic("stub")
}

func Dial(ctx context.Context, c net.PacketConn, addr net.Addr, tlsConf *tls.Config, conf *Config) (*Conn, error) {
	panic("stub")
}
