package checkpointorder

import (
	"context"
	"log"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

type sqsWorker struct {
	client   *sqs.Client
	queueURL string
	dlqURL   string
}

// DeleteMessage after a logged failure: SQS's own redrive never sees it.
func (w *sqsWorker) poll(ctx context.Context) error {
	for {
		out, err := w.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(w.queueURL), MaxNumberOfMessages: 10})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if err := process(ctx, []byte(aws.ToString(m.Body))); err != nil {
				log.Print(err)
			}
			_, err := w.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(w.queueURL), ReceiptHandle: m.ReceiptHandle}) // want `w.client.DeleteMessage checkpoints the message after process failed with no dead-letter write`
			if err != nil {
				return err
			}
		}
	}
}

// GOOD: failure leaves the message; the visibility timeout redelivers it.
func (w *sqsWorker) pollSkip(ctx context.Context) error {
	for {
		out, err := w.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(w.queueURL)})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if err := process(ctx, []byte(aws.ToString(m.Body))); err != nil {
				log.Print(err)
				continue
			}
			if _, err := w.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(w.queueURL), ReceiptHandle: m.ReceiptHandle}); err != nil {
				return err
			}
		}
	}
}

// GOOD: a checked send to the dead-letter queue, then the delete.
func (w *sqsWorker) pollDLQ(ctx context.Context) error {
	for {
		out, err := w.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(w.queueURL)})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if err := process(ctx, []byte(aws.ToString(m.Body))); err != nil {
				if _, err := w.client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(w.dlqURL), MessageBody: m.Body}); err != nil {
					return err
				}
			}
			if _, err := w.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(w.queueURL), ReceiptHandle: m.ReceiptHandle}); err != nil {
				return err
			}
		}
	}
}
