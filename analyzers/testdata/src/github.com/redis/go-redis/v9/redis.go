// Package redis is a stub of github.com/redis/go-redis/v9 (v9.23.0) for
// analysistest: the option types with their retry fields, the clients, and a
// few commands. Commands are methods of the unexported cmdable (as in the real
// module), declared in interfaces such as StringCmdable.
package redis

import (
	"context"
	"errors"
	"time"
)

// Nil is the answer to a missing key.
var Nil = errors.New("redis: nil")

// Options configures a Client. MaxRetries: 3 by default, -1 disables retries;
// MinRetryBackoff/MaxRetryBackoff: -1 disables backoff.
type Options struct {
	Addr            string
	Password        string
	DB              int
	MaxRetries      int
	MinRetryBackoff time.Duration
	MaxRetryBackoff time.Duration
	DialTimeout     time.Duration
	ReadTimeout     time.Duration
}

// ClusterOptions configures a ClusterClient: it retries through MaxRedirects
// (3 by default, -1 disables); its nodes get MaxRetries -1.
type ClusterOptions struct {
	Addrs           []string
	MaxRedirects    int
	MaxRetries      int
	MinRetryBackoff time.Duration
	MaxRetryBackoff time.Duration
}

// FailoverOptions configures a sentinel-backed Client.
type FailoverOptions struct {
	MasterName      string
	SentinelAddrs   []string
	MaxRetries      int
	MinRetryBackoff time.Duration
	MaxRetryBackoff time.Duration
}

// RingOptions configures a Ring.
type RingOptions struct {
	Addrs           map[string]string
	MaxRetries      int
	MinRetryBackoff time.Duration
	MaxRetryBackoff time.Duration
}

// UniversalOptions configures a UniversalClient.
type UniversalOptions struct {
	Addrs           []string
	MasterName      string
	MaxRetries      int
	MaxRedirects    int
	MinRetryBackoff time.Duration
	MaxRetryBackoff time.Duration
}

func ParseURL(redisURL string) (*Options, error) { return &Options{Addr: redisURL}, nil }

type Cmder interface {
	Name() string
	Err() error
}

type baseCmd struct{ err error }

func (cmd *baseCmd) Name() string { return "" }
func (cmd *baseCmd) Err() error   { return cmd.err }

type StringCmd struct {
	baseCmd
	val string
}

func (cmd *StringCmd) Val() string             { return cmd.val }
func (cmd *StringCmd) Result() (string, error) { return cmd.val, cmd.err }

type StatusCmd struct {
	baseCmd
	val string
}

func (cmd *StatusCmd) Result() (string, error) { return cmd.val, cmd.err }

type IntCmd struct {
	baseCmd
	val int64
}

func (cmd *IntCmd) Result() (int64, error) { return cmd.val, cmd.err }

type cmdable func(ctx context.Context, cmd Cmder) error

func (c cmdable) Get(ctx context.Context, key string) *StringCmd { return &StringCmd{} }
func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return &StatusCmd{}
}
func (c cmdable) Incr(ctx context.Context, key string) *IntCmd { return &IntCmd{} }
func (c cmdable) Ping(ctx context.Context) *StatusCmd          { return &StatusCmd{} }

// StringCmdable declares the string commands.
type StringCmdable interface {
	Get(ctx context.Context, key string) *StringCmd
	Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd
	Incr(ctx context.Context, key string) *IntCmd
}

// Cmdable is every command; a Pipeline is one too.
type Cmdable interface {
	Pipeline() Pipeliner
	Ping(ctx context.Context) *StatusCmd
	StringCmdable
}

// Pipeliner queues commands until Exec.
type Pipeliner interface {
	StringCmdable
	Exec(ctx context.Context) ([]Cmder, error)
}

type Pipeline struct{ cmdable }

func (c *Pipeline) Exec(ctx context.Context) ([]Cmder, error) { return nil, nil }

type baseClient struct{ opt *Options }

// Client is a client of one Redis server (or of a sentinel-managed master).
type Client struct {
	*baseClient
	cmdable
}

func NewClient(opt *Options) *Client                         { return &Client{baseClient: &baseClient{opt: opt}} }
func NewFailoverClient(failoverOpt *FailoverOptions) *Client { return &Client{} }

func (c *Client) Do(ctx context.Context, args ...interface{}) *Cmd { return &Cmd{} }
func (c *Client) Pipeline() Pipeliner                              { return &Pipeline{} }
func (c *Client) Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Client) Options() *Options { return c.opt }
func (c *Client) Close() error      { return nil }

type Cmd struct {
	baseCmd
	val interface{}
}

func (cmd *Cmd) Result() (interface{}, error) { return cmd.val, cmd.err }

// ClusterClient is a client of a Redis Cluster.
type ClusterClient struct {
	cmdable
}

func NewClusterClient(opt *ClusterOptions) *ClusterClient { return &ClusterClient{} }
func (c *ClusterClient) Pipeline() Pipeliner              { return &Pipeline{} }
func (c *ClusterClient) Close() error                     { return nil }

// Ring shards keys over several servers.
type Ring struct {
	cmdable
}

func NewRing(opt *RingOptions) *Ring { return &Ring{} }
func (c *Ring) Pipeline() Pipeliner  { return &Pipeline{} }

// UniversalClient is a Client, a failover Client or a ClusterClient.
type UniversalClient interface {
	Cmdable
	Do(ctx context.Context, args ...interface{}) *Cmd
	Close() error
}

func NewUniversalClient(opts *UniversalOptions) UniversalClient { return NewClient(&Options{}) }
