// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/sqs/types (v1.52.11).
package types

type MessageSystemAttributeName string

type QueueAttributeName string

const QueueAttributeNameAll QueueAttributeName = "All"

// Message is a received SQS message.
type Message struct {
	Attributes             map[string]string
	Body                   *string
	MD5OfBody              *string
	MD5OfMessageAttributes *string
	MessageAttributes      map[string]MessageAttributeValue
	MessageId              *string
	ReceiptHandle          *string
}

type MessageAttributeValue struct {
	DataType         *string
	BinaryListValues [][]byte
	BinaryValue      []byte
	StringListValues []string
	StringValue      *string
}

type MessageSystemAttributeValue struct {
	DataType         *string
	BinaryListValues [][]byte
	BinaryValue      []byte
	StringListValues []string
	StringValue      *string
}

type DeleteMessageBatchRequestEntry struct {
	Id            *string
	ReceiptHandle *string
}

type DeleteMessageBatchResultEntry struct {
	Id *string
}

type BatchResultErrorEntry struct {
	Code        *string
	Id          *string
	SenderFault bool
	Message     *string
}

// QueueDoesNotExist is the modeled error of a missing queue (code
// AWS.SimpleQueueService.NonExistentQueue in the real SDK; its name here).
type QueueDoesNotExist struct{ Message *string }

func (e *QueueDoesNotExist) Error() string     { return "QueueDoesNotExist" }
func (e *QueueDoesNotExist) ErrorCode() string { return "QueueDoesNotExist" }

// RequestThrottled is the modeled throttling error, which the standard
// retryer retries.
type RequestThrottled struct{ Message *string }

func (e *RequestThrottled) Error() string     { return "RequestThrottled" }
func (e *RequestThrottled) ErrorCode() string { return "RequestThrottled" }
