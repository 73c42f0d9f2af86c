package nestedretry

import (
	"context"
	"errors"
	"net/http"
	"time"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/aws/smithy-go"
)

// An outer layer that goes round only on errors the AWS SDK's standard retryer
// never retries does not multiply its attempts; one that goes round on errors
// the retryer retries too (throttling, 5xx), or on errors the knowledge base
// cannot place, does.

// Waiting for a queue to appear: the SDK does not retry QueueDoesNotExist.
func untilQueueExists(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	for {
		_, err := c.SendMessage(ctx, in)
		if err != nil {
			var missing *types.QueueDoesNotExist
			if errors.As(err, &missing) {
				time.Sleep(time.Second)
				continue
			}
			return err
		}
		return nil
	}
}

// The same test written the other way round.
func untilQueueExistsNegated(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	for i := 0; i < 5; i++ {
		_, err := c.SendMessage(ctx, in)
		if err == nil {
			return nil
		}
		var missing *types.QueueDoesNotExist
		if !errors.As(err, &missing) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("queue never appeared")
}

// A 401 after a stale token: the SDK never retries it.
func (p *provider) sendFresh(ctx context.Context, in *sqs.SendMessageInput) error {
	_, err := p.c.SendMessage(ctx, in)
	if err != nil {
		var re *awshttp.ResponseError
		if errors.As(err, &re) && re.HTTPStatusCode() == http.StatusUnauthorized {
			p.token = ""
			return p.sendFresh(ctx, in)
		}
		return err
	}
	return nil
}

type provider struct {
	c     *sqs.Client
	token string
}

// An error code compared through the API error interface: an expired
// token is refreshed and the call made again, which the SDK never does.
func refreshOnExpiry(ctx context.Context, p *provider, in *sqs.SendMessageInput) error {
	for {
		_, err := p.c.SendMessage(ctx, in)
		if err == nil {
			return nil
		}
		var apiErr smithy.APIError
		if errors.As(err, &apiErr) && apiErr.ErrorCode() == "ExpiredTokenException" {
			p.token = ""
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

// Throttling is what the SDK retries already: the layers multiply.
func onThrottle(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	for i := 0; i < 5; i++ { // want `retry loop \(5 attempts\) around c.SendMessage, which retries on its own \(AWS SDK for Go v2 client, 3 attempts\): 5 × 3 = 15 attempts`
		_, err := c.SendMessage(ctx, in)
		if err == nil {
			return nil
		}
		var throttled *types.RequestThrottled
		if !errors.As(err, &throttled) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("throttled")
}

// A 503 is retried by the SDK too.
func (p *provider) sendOn503(ctx context.Context, in *sqs.SendMessageInput) error {
	_, err := p.c.SendMessage(ctx, in)
	if err != nil {
		var re *awshttp.ResponseError
		if errors.As(err, &re) && re.HTTPStatusCode() == http.StatusServiceUnavailable {
			return p.sendOn503(ctx, in) // want `recursive retry around p.c.SendMessage, which retries on its own`
		}
		return err
	}
	return nil
}

// An error code the SDK retries (Throttling).
func onThrottlingCode(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	for { // want `retry loop around c.SendMessage, which retries on its own`
		_, err := c.SendMessage(ctx, in)
		var apiErr smithy.APIError
		if err != nil && errors.As(err, &apiErr) && apiErr.ErrorCode() == "Throttling" {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

// An error type of the code's own: the SDK may return it for any failure
// the code wraps, so it counts as retried.
type sendError struct{ err error }

func (e *sendError) Error() string { return e.err.Error() }

func onOwnType(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	for { // want `retry loop around c.SendMessage, which retries on its own`
		_, err := c.SendMessage(ctx, in)
		var own *sendError
		if errors.As(err, &own) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

// One way back is guarded, the other is not: every failure may come round.
func guardedOnce(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) around c.SendMessage`
		_, err := c.SendMessage(ctx, in)
		if err == nil {
			return nil
		}
		var missing *types.QueueDoesNotExist
		if errors.As(err, &missing) {
			time.Sleep(time.Second)
			continue
		}
		time.Sleep(2 * time.Second)
	}
	return errors.New("gave up")
}

// A predicate of the package that singles out one error code, read as the
// test it returns: the SDK never retries a resource in use, so five tries of
// this loop are five calls, not fifteen.
func isInUse(err error) bool {
	var apiErr smithy.APIError
	ok := errors.As(err, &apiErr)
	return ok && apiErr.ErrorCode() == "ResourceInUseException"
}

func untilNotInUse(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	const tries = 5
	for i := range tries {
		_, err := c.SendMessage(ctx, in)
		if err == nil {
			return nil
		}
		if isInUse(err) {
			if i < tries-1 {
				time.Sleep(2 * time.Second)
				continue
			}
		}
		return err
	}
	return nil
}

// A predicate that singles out a code the SDK retries too (Throttling).
func isThrottled(err error) bool {
	var apiErr smithy.APIError
	return errors.As(err, &apiErr) && apiErr.ErrorCode() == "Throttling"
}

func untilNotThrottled(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	for i := range 5 { // want `retry loop \(5 attempts\) around c.SendMessage, which retries on its own`
		_, err := c.SendMessage(ctx, in)
		if err == nil || !isThrottled(err) || i == 4 {
			return err
		}
		time.Sleep(2 * time.Second)
	}
	return nil
}

// A predicate with two returns decides nothing here: every error may go round.
func isBusy(err error) bool {
	var apiErr smithy.APIError
	if !errors.As(err, &apiErr) {
		return true
	}
	return apiErr.ErrorCode() == "ResourceInUseException"
}

func untilNotBusy(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	for i := range 5 { // want `retry loop \(5 attempts\) around c.SendMessage, which retries on its own`
		_, err := c.SendMessage(ctx, in)
		if err == nil || !isBusy(err) || i == 4 {
			return err
		}
		time.Sleep(2 * time.Second)
	}
	return nil
}
