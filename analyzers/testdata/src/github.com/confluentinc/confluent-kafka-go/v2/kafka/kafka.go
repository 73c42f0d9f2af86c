// Package kafka is a stub of github.com/confluentinc/confluent-kafka-go/v2/kafka
// (v2.11.1) for analysistest; the real package wraps librdkafka through cgo, the stub
// is pure Go. Consumers commit stored offsets automatically unless
// enable.auto.commit=false; Commit*/Store* are the explicit checkpoints.
package kafka

import (
	"fmt"
	"time"
)

// ConfigValue is a value of a ConfigMap.
type ConfigValue interface{}

// ConfigMap is the librdkafka configuration.
type ConfigMap map[string]ConfigValue

// Offset is a partition offset.
type Offset int64

const (
	OffsetBeginning Offset = -2
	OffsetEnd       Offset = -1
	OffsetInvalid   Offset = -1001
	OffsetStored    Offset = -1000
)

// PartitionAny lets the partitioner choose.
const PartitionAny = int32(-1)

// TopicPartition is a topic, partition and offset.
type TopicPartition struct {
	Topic       *string
	Partition   int32
	Offset      Offset
	Metadata    *string
	Error       error
	LeaderEpoch *int32
}

func (p TopicPartition) String() string { return fmt.Sprintf("%d@%d", p.Partition, p.Offset) }

// TopicPartitions is a sortable slice of TopicPartition.
type TopicPartitions []TopicPartition

// Header is a record header.
type Header struct {
	Key   string
	Value []byte
}

// TimestampType says where a timestamp comes from.
type TimestampType int

// Message is a consumed record, or a record to produce.
type Message struct {
	TopicPartition TopicPartition
	Value          []byte
	Key            []byte
	Timestamp      time.Time
	TimestampType  TimestampType
	Opaque         interface{}
	Headers        []Header
	LeaderEpoch    *int32
}

func (m *Message) String() string { return "" }

// Event is what Poll and Events deliver (*Message, Error, ...).
type Event interface {
	String() string
}

// ErrorCode is a librdkafka error code.
type ErrorCode int

const (
	ErrTimedOut       ErrorCode = -185
	ErrAllBrokersDown ErrorCode = -187
)

// Error is a Kafka error.
type Error struct {
	code      ErrorCode
	str       string
	fatal     bool
	retriable bool
}

func NewError(code ErrorCode, str string, fatal bool) (err Error) {
	return Error{code: code, str: str, fatal: fatal}
}

func (e Error) Error() string          { return e.str }
func (e Error) String() string         { return e.str }
func (e Error) Code() ErrorCode        { return e.code }
func (e Error) IsFatal() bool          { return e.fatal }
func (e Error) IsRetriable() bool      { return e.retriable }
func (e Error) IsTimeout() bool        { return e.code == ErrTimedOut }
func (e Error) TxnRequiresAbort() bool { return false }

// RebalanceCb is called on partition assignment changes.
type RebalanceCb func(*Consumer, Event) error

// Consumer is a high-level consumer.
type Consumer struct{}

func NewConsumer(conf *ConfigMap) (*Consumer, error) { panic("stub") }

func (c *Consumer) Subscribe(topic string, rebalanceCb RebalanceCb) error { return nil }
func (c *Consumer) SubscribeTopics(topics []string, rebalanceCb RebalanceCb) (err error) {
	return nil
}
func (c *Consumer) Assign(partitions []TopicPartition) (err error)     { return nil }
func (c *Consumer) Commit() ([]TopicPartition, error)                  { return nil, nil }
func (c *Consumer) CommitMessage(m *Message) ([]TopicPartition, error) { return nil, nil }
func (c *Consumer) CommitOffsets(offsets []TopicPartition) ([]TopicPartition, error) {
	return nil, nil
}
func (c *Consumer) StoreOffsets(offsets []TopicPartition) (storedOffsets []TopicPartition, err error) {
	return nil, nil
}
func (c *Consumer) StoreMessage(m *Message) (storedOffsets []TopicPartition, err error) {
	return nil, nil
}
func (c *Consumer) Poll(timeoutMs int) (event Event)                    { return nil }
func (c *Consumer) Events() chan Event                                  { return nil }
func (c *Consumer) ReadMessage(timeout time.Duration) (*Message, error) { return nil, nil }
func (c *Consumer) Close() (err error)                                  { return nil }

// Producer is a high-level producer; Produce is asynchronous, the delivery report
// arrives on deliveryChan or Events().
type Producer struct{}

func NewProducer(conf *ConfigMap) (*Producer, error) { panic("stub") }

func (p *Producer) Produce(msg *Message, deliveryChan chan Event) error { return nil }
func (p *Producer) Events() chan Event                                  { return nil }
func (p *Producer) ProduceChannel() chan *Message                       { return nil }
func (p *Producer) Flush(timeoutMs int) int                             { return 0 }
func (p *Producer) Close()                                              {}
