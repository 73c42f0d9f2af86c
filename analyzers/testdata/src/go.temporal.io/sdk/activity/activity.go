// Package activity is a reduced stub of go.temporal.io/sdk/activity (v1.51.0):
// the logger and heartbeat calls of an activity. The real package imports the
// SDK's gRPC client; the stub imports net so that it reaches the network too.
package activity

import (
	"context"
	"net"

	"go.temporal.io/sdk/log"
)

var _ net.Conn

func GetLogger(ctx context.Context) log.Logger { panic("stub") }

func RecordHeartbeat(ctx context.Context, details ...any) {}

func HasHeartbeatDetails(ctx context.Context) bool { panic("stub") }
