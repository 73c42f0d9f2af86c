// Package events consumes the Kafka topics other services write about orders.
// A message whose processing fails goes to a dead-letter topic; its offset is
// committed only once the dead letter is safely written.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"strconv"

	"github.com/IBM/sarama"
)

// Orders is the part of the order service the consumers need.
type Orders interface {
	MarkPaid(ctx context.Context, orderID, chargeID string) error
	RecordReturn(ctx context.Context, orderID, sku string, quantity int) error
	RecordRefund(ctx context.Context, orderID, refundID string, amountCents int64) error
}

// deadLetter wraps a failed message for the dead-letter topic.
func deadLetter(topic string, msg *sarama.ConsumerMessage, cause error) *sarama.ProducerMessage {
	return &sarama.ProducerMessage{
		Topic: topic,
		Key:   sarama.ByteEncoder(msg.Key),
		Value: sarama.ByteEncoder(msg.Value),
		Headers: []sarama.RecordHeader{
			{Key: []byte("dlq.source"), Value: []byte(msg.Topic + "/" + strconv.Itoa(int(msg.Partition)) + "@" + strconv.FormatInt(msg.Offset, 10))},
			{Key: []byte("dlq.error"), Value: []byte(cause.Error())},
		},
	}
}

// groupHooks gives a handler the no-op Setup and Cleanup of sarama.ConsumerGroupHandler.
type groupHooks struct{}

func (groupHooks) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (groupHooks) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// PaymentEvents consumes payments.captured and marks the orders paid.
type PaymentEvents struct {
	groupHooks
	orders Orders
	dlq    sarama.SyncProducer
}

// NewPaymentEvents returns the payments.captured handler; failed messages go to
// payments.captured.dlq through dlq.
func NewPaymentEvents(orders Orders, dlq sarama.SyncProducer) *PaymentEvents {
	return &PaymentEvents{orders: orders, dlq: dlq}
}

type paymentCaptured struct {
	OrderID  string `json:"order_id"`
	ChargeID string `json:"charge_id"`
}

// ConsumeClaim implements sarama.ConsumerGroupHandler.
func (h *PaymentEvents) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := h.handle(sess.Context(), msg); err != nil {
			if _, _, err := h.dlq.SendMessage(deadLetter("payments.captured.dlq", msg, err)); err != nil {
				return fmt.Errorf("dead-letter %s/%d@%d: %w", msg.Topic, msg.Partition, msg.Offset, err)
			}
		}
		sess.MarkMessage(msg, "") // GOOD: checkpointorder
	}
	return nil
}

func (h *PaymentEvents) handle(ctx context.Context, msg *sarama.ConsumerMessage) error {
	var ev paymentCaptured
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return err
	}
	return h.orders.MarkPaid(ctx, ev.OrderID, ev.ChargeID)
}

// ReturnEvents consumes returns.received and records the returns on the orders.
type ReturnEvents struct {
	groupHooks
	orders Orders
}

// NewReturnEvents returns the returns.received handler.
func NewReturnEvents(orders Orders) *ReturnEvents {
	return &ReturnEvents{orders: orders}
}

type returnReceived struct {
	OrderID  string `json:"order_id"`
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
}

// ConsumeClaim implements sarama.ConsumerGroupHandler.
func (h *ReturnEvents) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var ev returnReceived
		err := json.Unmarshal(msg.Value, &ev)
		if err == nil {
			err = h.orders.RecordReturn(sess.Context(), ev.OrderID, ev.SKU, ev.Quantity)
		}
		if err != nil {
			log.Printf("return %s/%d@%d: %v", msg.Topic, msg.Partition, msg.Offset, err)
		}
		sess.MarkMessage(msg, "") // BAD: checkpointorder
	}
	return nil
}

// RefundEvents consumes payments.refunded and records the refunds on the orders.
type RefundEvents struct {
	groupHooks
	orders Orders
	dlq    sarama.SyncProducer
}

// NewRefundEvents returns the payments.refunded handler; failed messages go to
// payments.refunded.dlq through dlq.
func NewRefundEvents(orders Orders, dlq sarama.SyncProducer) *RefundEvents {
	return &RefundEvents{orders: orders, dlq: dlq}
}

type paymentRefunded struct {
	OrderID     string `json:"order_id"`
	RefundID    string `json:"refund_id"`
	AmountCents int64  `json:"amount_cents"`
}

// ConsumeClaim implements sarama.ConsumerGroupHandler.
func (h *RefundEvents) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var ev paymentRefunded
		err := json.Unmarshal(msg.Value, &ev)
		if err == nil {
			err = h.orders.RecordRefund(sess.Context(), ev.OrderID, ev.RefundID, ev.AmountCents)
		}
		if err != nil {
			h.dlq.SendMessage(deadLetter("payments.refunded.dlq", msg, err))
		}
		sess.MarkMessage(msg, "") // BAD: checkpointorder
	}
	return nil
}
