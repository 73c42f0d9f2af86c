// Package kafka is a stub of github.com/segmentio/kafka-go (v0.4.51) for analysistest.
// A Reader with a GroupID commits offsets itself: ReadMessage commits (or schedules the
// commit, CommitInterval) before returning the message; FetchMessage + CommitMessages
// leave the checkpoint to the caller. Writer.WriteMessages retries MaxAttempts times
// (default 10). Fields whose types are large in the real package (Dialer, Transport,
// GroupBalancers, Compression) are left out.
package kafka

import (
	"context"
	"net"
	"time"

	"github.com/segmentio/kafka-go/protocol"
)

const (
	SeekStart = 0

	FirstOffset int64 = -2
	LastOffset  int64 = -1
)

// Header is a record header.
type Header = protocol.Header

// Message is a record read by a Reader or written by a Writer.
type Message struct {
	Topic         string
	Partition     int
	Offset        int64
	HighWaterMark int64
	Key           []byte
	Value         []byte
	Headers       []Header
	WriterData    interface{}
	Time          time.Time
}

// Logger receives log lines.
type Logger interface {
	Printf(string, ...interface{})
}

// IsolationLevel is the isolation of a read.
type IsolationLevel int8

const (
	ReadUncommitted IsolationLevel = 0
	ReadCommitted   IsolationLevel = 1
)

// ReaderConfig configures NewReader (reduced).
type ReaderConfig struct {
	Brokers                []string
	GroupID                string
	GroupTopics            []string
	Topic                  string
	Partition              int
	QueueCapacity          int
	MinBytes               int
	MaxBytes               int
	MaxWait                time.Duration
	ReadBatchTimeout       time.Duration
	ReadLagInterval        time.Duration
	HeartbeatInterval      time.Duration
	CommitInterval         time.Duration
	PartitionWatchInterval time.Duration
	WatchPartitionChanges  bool
	SessionTimeout         time.Duration
	RebalanceTimeout       time.Duration
	JoinGroupBackoff       time.Duration
	RetentionTime          time.Duration
	StartOffset            int64
	ReadBackoffMin         time.Duration
	ReadBackoffMax         time.Duration
	Logger                 Logger
	ErrorLogger            Logger
	IsolationLevel         IsolationLevel
	MaxAttempts            int
	OffsetOutOfRangeError  bool
}

// Reader consumes a topic partition or, with GroupID, a consumer group.
type Reader struct {
	config ReaderConfig
}

func NewReader(config ReaderConfig) *Reader { return &Reader{config: config} }

func (r *Reader) Config() ReaderConfig { return r.config }
func (r *Reader) Close() error         { return nil }

// ReadMessage returns the next message; with a GroupID it also commits its offset.
func (r *Reader) ReadMessage(ctx context.Context) (Message, error) { return Message{}, nil }

// FetchMessage returns the next message without committing it.
func (r *Reader) FetchMessage(ctx context.Context) (Message, error) { return Message{}, nil }

// CommitMessages commits the offsets of msgs for the reader's group.
func (r *Reader) CommitMessages(ctx context.Context, msgs ...Message) error { return nil }

func (r *Reader) ReadLag(ctx context.Context) (lag int64, err error) { return 0, nil }
func (r *Reader) Offset() int64                                      { return 0 }
func (r *Reader) Lag() int64                                         { return 0 }
func (r *Reader) SetOffset(offset int64) error                       { return nil }
func (r *Reader) SetOffsetAt(ctx context.Context, t time.Time) error { return nil }

// Balancer picks the partition of a message.
type Balancer interface {
	Balance(msg Message, partitions ...int) (partition int)
}

// LeastBytes balances to the partition that received the fewest bytes.
type LeastBytes struct{}

func (lb *LeastBytes) Balance(msg Message, partitions ...int) int { return partitions[0] }

// Hash balances by the hash of the key.
type Hash struct{}

func (h *Hash) Balance(msg Message, partitions ...int) int { return partitions[0] }

// RequiredAcks is the acknowledgement level of a produce request.
type RequiredAcks int

const (
	RequireNone RequiredAcks = 0
	RequireOne  RequiredAcks = 1
	RequireAll  RequiredAcks = -1
)

// Writer produces messages; WriteMessages retries each batch MaxAttempts times
// (0 means the default, 10).
type Writer struct {
	Addr                   net.Addr
	Topic                  string
	Balancer               Balancer
	MaxAttempts            int
	WriteBackoffMin        time.Duration
	WriteBackoffMax        time.Duration
	BatchSize              int
	BatchBytes             int64
	BatchTimeout           time.Duration
	ReadTimeout            time.Duration
	WriteTimeout           time.Duration
	RequiredAcks           RequiredAcks
	Async                  bool
	Completion             func(messages []Message, err error)
	Logger                 Logger
	ErrorLogger            Logger
	AllowAutoTopicCreation bool
}

func (w *Writer) Close() error                                             { return nil }
func (w *Writer) WriteMessages(ctx context.Context, msgs ...Message) error { return nil }

// TCP returns a net.Addr of the broker addresses.
func TCP(address ...string) net.Addr { panic("stub") }
