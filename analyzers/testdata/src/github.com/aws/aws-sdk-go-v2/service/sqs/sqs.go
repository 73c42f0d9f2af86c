// Package sqs is a stub of github.com/aws/aws-sdk-go-v2/service/sqs (v1.52.11) for
// analysistest. Every operation retries on its own (aws.Config/Options RetryMaxAttempts,
// Retryer). DeleteMessage is the checkpoint of a consumer. ResultMetadata fields and
// the smithy middleware options are left out.
package sqs

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Options configures a Client (reduced).
type Options struct {
	BaseEndpoint     *string
	Region           string
	RetryMaxAttempts int
	RetryMode        aws.RetryMode
	Retryer          aws.Retryer
	HTTPClient       HTTPClient
}

// HTTPClient sends the requests of a Client.
type HTTPClient interface {
	Do(*http.Request) (*http.Response, error)
}

// Client is an SQS client.
type Client struct {
	options Options
}

func New(options Options, optFns ...func(*Options)) *Client { return &Client{options: options} }

func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client { return &Client{} }

type SendMessageInput struct {
	MessageBody             *string
	QueueUrl                *string
	DelaySeconds            int32
	MessageAttributes       map[string]types.MessageAttributeValue
	MessageDeduplicationId  *string
	MessageGroupId          *string
	MessageSystemAttributes map[string]types.MessageSystemAttributeValue
}

type SendMessageOutput struct {
	MD5OfMessageAttributes       *string
	MD5OfMessageBody             *string
	MD5OfMessageSystemAttributes *string
	MessageId                    *string
	SequenceNumber               *string
}

func (c *Client) SendMessage(ctx context.Context, params *SendMessageInput, optFns ...func(*Options)) (*SendMessageOutput, error) {
	return &SendMessageOutput{}, nil
}

type ReceiveMessageInput struct {
	QueueUrl                    *string
	AttributeNames              []types.QueueAttributeName
	MaxNumberOfMessages         int32
	MessageAttributeNames       []string
	MessageSystemAttributeNames []types.MessageSystemAttributeName
	ReceiveRequestAttemptId     *string
	VisibilityTimeout           int32
	WaitTimeSeconds             int32
}

type ReceiveMessageOutput struct {
	Messages []types.Message
}

func (c *Client) ReceiveMessage(ctx context.Context, params *ReceiveMessageInput, optFns ...func(*Options)) (*ReceiveMessageOutput, error) {
	return &ReceiveMessageOutput{}, nil
}

type DeleteMessageInput struct {
	QueueUrl      *string
	ReceiptHandle *string
}

type DeleteMessageOutput struct{}

func (c *Client) DeleteMessage(ctx context.Context, params *DeleteMessageInput, optFns ...func(*Options)) (*DeleteMessageOutput, error) {
	return &DeleteMessageOutput{}, nil
}

type DeleteMessageBatchInput struct {
	Entries  []types.DeleteMessageBatchRequestEntry
	QueueUrl *string
}

type DeleteMessageBatchOutput struct {
	Failed     []types.BatchResultErrorEntry
	Successful []types.DeleteMessageBatchResultEntry
}

func (c *Client) DeleteMessageBatch(ctx context.Context, params *DeleteMessageBatchInput, optFns ...func(*Options)) (*DeleteMessageBatchOutput, error) {
	return &DeleteMessageBatchOutput{}, nil
}

type ChangeMessageVisibilityInput struct {
	QueueUrl          *string
	ReceiptHandle     *string
	VisibilityTimeout int32
}

type ChangeMessageVisibilityOutput struct{}

func (c *Client) ChangeMessageVisibility(ctx context.Context, params *ChangeMessageVisibilityInput, optFns ...func(*Options)) (*ChangeMessageVisibilityOutput, error) {
	return &ChangeMessageVisibilityOutput{}, nil
}
