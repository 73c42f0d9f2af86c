// Package redis is a stub of github.com/go-redis/redis/v8 (v8.11.5) for
// analysistest, reduced to a Client, its Options and one command: commands
// are methods of the unexported cmdable, declared by the Cmdable interface.
package redis

import (
	"context"
	"time"
)

// Options configures a Client. MaxRetries: 3 by default, -1 disables retries.
type Options struct {
	Addr            string
	MaxRetries      int
	MinRetryBackoff time.Duration
	MaxRetryBackoff time.Duration
}

type Cmder interface{ Err() error }

type StringCmd struct{ err error }

func (cmd *StringCmd) Err() error              { return cmd.err }
func (cmd *StringCmd) Result() (string, error) { return "", cmd.err }

type cmdable func(ctx context.Context, cmd Cmder) error

func (c cmdable) Get(ctx context.Context, key string) *StringCmd { return &StringCmd{} }

// Cmdable is every command.
type Cmdable interface {
	Get(ctx context.Context, key string) *StringCmd
}

type Client struct {
	cmdable
	opt *Options
}

func NewClient(opt *Options) *Client { return &Client{opt: opt} }
