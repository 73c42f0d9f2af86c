// Package sarama is a stub of github.com/IBM/sarama (v1.61.1) for analysistest.
// Config keeps the real nesting of the fields a retry linter reads (Producer.Retry,
// Producer.Return, Consumer.Offsets.AutoCommit, ...) and leaves the rest out.
package sarama

import (
	"context"
	"fmt"
	"time"
)

const (
	OffsetNewest int64 = -1
	OffsetOldest int64 = -2
)

// RequiredAcks is the acknowledgement level of a produce request.
type RequiredAcks int16

const (
	NoResponse   RequiredAcks = 0
	WaitForLocal RequiredAcks = 1
	WaitForAll   RequiredAcks = -1
)

// Config configures clients, producers and consumers (reduced).
type Config struct {
	ClientID string
	Net      struct {
		DialTimeout  time.Duration
		ReadTimeout  time.Duration
		WriteTimeout time.Duration
	}
	Producer struct {
		RequiredAcks RequiredAcks
		Timeout      time.Duration
		Idempotent   bool
		Return       struct {
			Successes bool
			Errors    bool
		}
		Retry struct {
			Max         int
			Backoff     time.Duration
			BackoffFunc func(retries, maxRetries int) time.Duration
		}
	}
	Consumer struct {
		Retry struct {
			Backoff     time.Duration
			BackoffFunc func(retries int) time.Duration
			Max         int
		}
		Return struct {
			Errors bool
		}
		Offsets struct {
			CommitInterval time.Duration
			AutoCommit     struct {
				Enable   bool
				Interval time.Duration
			}
			Initial int64
			Retry   struct {
				Max int
			}
		}
	}
}

func NewConfig() *Config { return &Config{} }

// Encoder is a key or value of a ProducerMessage.
type Encoder interface {
	Encode() ([]byte, error)
	Length() int
}

// StringEncoder encodes a string.
type StringEncoder string

func (s StringEncoder) Encode() ([]byte, error) { return []byte(s), nil }
func (s StringEncoder) Length() int             { return len(s) }

// ByteEncoder encodes a byte slice.
type ByteEncoder []byte

func (b ByteEncoder) Encode() ([]byte, error) { return b, nil }
func (b ByteEncoder) Length() int             { return len(b) }

// RecordHeader is a Kafka record header.
type RecordHeader struct {
	Key   []byte
	Value []byte
}

// ConsumerMessage is a consumed record.
type ConsumerMessage struct {
	Headers        []*RecordHeader
	Timestamp      time.Time
	BlockTimestamp time.Time

	Key, Value []byte
	Topic      string
	Partition  int32
	Offset     int64
}

// ProducerMessage is a record to produce.
type ProducerMessage struct {
	Topic     string
	Key       Encoder
	Value     Encoder
	Headers   []RecordHeader
	Metadata  any
	Offset    int64
	Partition int32
	Timestamp time.Time
}

// ProducerError is a failed produce of an AsyncProducer.
type ProducerError struct {
	Msg *ProducerMessage
	Err error
}

func (pe ProducerError) Error() string {
	return fmt.Sprintf("kafka: Failed to produce message to topic %s: %s", pe.Msg.Topic, pe.Err)
}
func (pe ProducerError) Unwrap() error { return pe.Err }

// ProducerErrors is returned by SendMessages.
type ProducerErrors []*ProducerError

func (pe ProducerErrors) Error() string {
	return fmt.Sprintf("kafka: Failed to deliver %d messages.", len(pe))
}

// ProducerTxnStatusFlag is the state of a transactional producer.
type ProducerTxnStatusFlag int16

// PartitionOffsetMetadata is an offset committed in a transaction.
type PartitionOffsetMetadata struct {
	Partition   int32
	Offset      int64
	LeaderEpoch int32
	Metadata    *string
}

// ConsumerGroupMetadata identifies a group member for transactional commits.
type ConsumerGroupMetadata struct {
	GroupID         string
	GenerationID    int32
	MemberID        string
	GroupInstanceID *string
}

// SyncProducer publishes and waits for the broker's acknowledgement (it retries
// internally, Config.Producer.Retry.Max times, 3 by default).
type SyncProducer interface {
	SendMessage(msg *ProducerMessage) (partition int32, offset int64, err error)
	SendMessages(msgs []*ProducerMessage) error
	Close() error
	IsTransactional() bool
	TxnStatus() ProducerTxnStatusFlag
	BeginTxn() error
	CommitTxn() error
	AbortTxn() error
	AddOffsetsToTxn(offsets map[string][]*PartitionOffsetMetadata, groupId string) error
	AddOffsetsToTxnWithGroupMetadata(offsets map[string][]*PartitionOffsetMetadata, groupMetadata *ConsumerGroupMetadata) error
	AddMessageToTxn(msg *ConsumerMessage, groupId string, metadata *string) error
	AddMessageToTxnWithGroupMetadata(msg *ConsumerMessage, groupMetadata *ConsumerGroupMetadata, metadata *string) error
}

// AsyncProducer publishes through channels; errors arrive on Errors().
type AsyncProducer interface {
	AsyncClose()
	Close() error
	Input() chan<- *ProducerMessage
	Successes() <-chan *ProducerMessage
	Errors() <-chan *ProducerError
	IsTransactional() bool
	TxnStatus() ProducerTxnStatusFlag
	BeginTxn() error
	CommitTxn() error
	AbortTxn() error
	AddOffsetsToTxn(offsets map[string][]*PartitionOffsetMetadata, groupId string) error
	AddOffsetsToTxnWithGroupMetadata(offsets map[string][]*PartitionOffsetMetadata, groupMetadata *ConsumerGroupMetadata) error
	AddMessageToTxn(msg *ConsumerMessage, groupId string, metadata *string) error
	AddMessageToTxnWithGroupMetadata(msg *ConsumerMessage, groupMetadata *ConsumerGroupMetadata, metadata *string) error
}

func NewSyncProducer(addrs []string, config *Config) (SyncProducer, error) { panic("stub") }

func NewAsyncProducer(addrs []string, conf *Config) (AsyncProducer, error) { panic("stub") }

// ConsumerGroup consumes topics as a member of a group.
type ConsumerGroup interface {
	Consume(ctx context.Context, topics []string, handler ConsumerGroupHandler) error
	Errors() <-chan error
	Close() error
	Pause(partitions map[string][]int32)
	Resume(partitions map[string][]int32)
	PauseAll()
	ResumeAll()
}

func NewConsumerGroup(addrs []string, groupID string, config *Config) (ConsumerGroup, error) {
	panic("stub")
}

// ConsumerGroupSession is the session of a group member; MarkMessage/MarkOffset
// checkpoint offsets that are committed later (or at once by Commit).
type ConsumerGroupSession interface {
	Claims() map[string][]int32
	MemberID() string
	GenerationID() int32
	MarkOffset(topic string, partition int32, offset int64, metadata string)
	Commit()
	ResetOffset(topic string, partition int32, offset int64, metadata string)
	MarkMessage(msg *ConsumerMessage, metadata string)
	Context() context.Context
}

// ConsumerGroupHandler handles the claims of a session.
type ConsumerGroupHandler interface {
	Setup(ConsumerGroupSession) error
	Cleanup(ConsumerGroupSession) error
	ConsumeClaim(ConsumerGroupSession, ConsumerGroupClaim) error
}

// ConsumerGroupClaim is a partition claimed by the session.
type ConsumerGroupClaim interface {
	Topic() string
	Partition() int32
	InitialOffset() int64
	HighWaterMarkOffset() int64
	Messages() <-chan *ConsumerMessage
}
