// Package kgo is a stub of github.com/twmb/franz-go/pkg/kgo (v1.22.3) for
// analysistest, written from the exported option signatures and their
// documentation only: RequestRetries (tries, default 20), RecordRetries
// (tries, unlimited by default), RetryTimeout, RecordDeliveryTimeout,
// RetryBackoffFn (default: jittered exponential, 250ms to 5s).
package kgo

import (
	"context"
	"time"

	"github.com/twmb/franz-go/pkg/kmsg"
)

type cfg struct{}

// Opt is an option to configure a client.
type Opt interface {
	apply(*cfg)
}

// ProducerOpt is a producer specific option to configure a client.
type ProducerOpt interface {
	Opt
	producerOpt()
}

type clientOpt struct{ fn func(*cfg) }

func (opt clientOpt) apply(cfg *cfg) { opt.fn(cfg) }

type producerOpt struct{ fn func(*cfg) }

func (opt producerOpt) apply(cfg *cfg) { opt.fn(cfg) }
func (producerOpt) producerOpt()       {}

func SeedBrokers(seeds ...string) Opt                         { return clientOpt{func(*cfg) {}} }
func RetryBackoffFn(backoff func(int) time.Duration) Opt      { return clientOpt{func(*cfg) {}} }
func RequestRetries(n int) Opt                                { return clientOpt{func(*cfg) {}} }
func RetryTimeout(t time.Duration) Opt                        { return clientOpt{func(*cfg) {}} }
func DefaultProduceTopic(t string) ProducerOpt                { return producerOpt{func(*cfg) {}} }
func RecordRetries(n int) ProducerOpt                         { return producerOpt{func(*cfg) {}} }
func RecordDeliveryTimeout(timeout time.Duration) ProducerOpt { return producerOpt{func(*cfg) {}} }

// Record is a record to produce or a consumed one.
type Record struct {
	Key   []byte
	Value []byte
	Topic string
}

// ProduceResult is the outcome of producing one record.
type ProduceResult struct {
	Record *Record
	Err    error
}

// ProduceResults is a collection of produce results.
type ProduceResults []ProduceResult

// FirstErr returns the first erroring result, if any.
func (rs ProduceResults) FirstErr() error {
	for _, r := range rs {
		if r.Err != nil {
			return r.Err
		}
	}
	return nil
}

// Client issues requests and handles responses to a Kafka cluster.
type Client struct{ opts []Opt }

func NewClient(opts ...Opt) (*Client, error) { return &Client{opts: opts}, nil }

func (cl *Client) ProduceSync(ctx context.Context, rs ...*Record) ProduceResults { return nil }
func (cl *Client) CommitRecords(ctx context.Context, rs ...*Record) error        { return nil }
func (cl *Client) CommitUncommittedOffsets(ctx context.Context) error            { return nil }
func (cl *Client) Close()                                                        {}

func (cl *Client) Request(ctx context.Context, req kmsg.Request) (kmsg.Response, error) {
	return nil, nil
}
