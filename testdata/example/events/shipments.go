package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/segmentio/kafka-go"
)

// Shipments is the part of the order service the shipment consumers need.
type Shipments interface {
	MarkShipped(ctx context.Context, orderID, trackingNumber string) error
	MarkDelivered(ctx context.Context, orderID string, deliveredAt time.Time) error
}

type shipmentEvent struct {
	OrderID        string    `json:"order_id"`
	TrackingNumber string    `json:"tracking_number"`
	At             time.Time `json:"at"`
}

// ConsumeShipped consumes carrier.shipped until ctx ends.
func ConsumeShipped(ctx context.Context, brokers []string, orders Shipments) error {
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers: brokers,
		GroupID: "shop-orders",
		Topic:   "carrier.shipped",
	})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // BAD: checkpointorder
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		}
		var ev shipmentEvent
		if err := json.Unmarshal(m.Value, &ev); err != nil {
			return fmt.Errorf("carrier.shipped@%d: %w", m.Offset, err)
		}
		if err := orders.MarkShipped(ctx, ev.OrderID, ev.TrackingNumber); err != nil {
			return fmt.Errorf("carrier.shipped@%d: %w", m.Offset, err)
		}
	}
}

// ConsumeDelivered consumes carrier.delivered until ctx ends.
func ConsumeDelivered(ctx context.Context, brokers []string, orders Shipments) error {
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers: brokers,
		GroupID: "shop-orders",
		Topic:   "carrier.delivered",
	})
	defer r.Close()
	dlq := &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Topic:        "carrier.delivered.dlq",
		RequiredAcks: kafka.RequireAll,
	}
	defer dlq.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		}
		var ev shipmentEvent
		err = json.Unmarshal(m.Value, &ev)
		if err == nil {
			err = orders.MarkDelivered(ctx, ev.OrderID, ev.At)
		}
		if err != nil {
			dead := kafka.Message{
				Key:     m.Key,
				Value:   m.Value,
				Headers: []kafka.Header{{Key: "dlq.error", Value: []byte(err.Error())}},
			}
			if err := dlq.WriteMessages(ctx, dead); err != nil {
				return fmt.Errorf("dead-letter carrier.delivered@%d: %w", m.Offset, err)
			}
		}
		if err := r.CommitMessages(ctx, m); err != nil { // GOOD: checkpointorder
			return err
		}
	}
}
