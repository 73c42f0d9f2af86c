// Package orders owns the order lifecycle: placing, paying, shipping, cancelling.
// Orders live in CockroachDB; crdb.ExecuteTx retries a whole transaction when the
// database asks for it (SQLSTATE 40001), so a transaction callback may run several
// times and must do nothing but database work on its tx.
package orders

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/IBM/sarama"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"github.com/google/uuid"

	"example.com/shop/inventory"
)

// ErrNotCancellable means the order has progressed too far to be cancelled.
var ErrNotCancellable = errors.New("orders: order can no longer be cancelled")

// Line is one SKU of an order.
type Line struct {
	SKU        string `json:"sku"`
	Quantity   int    `json:"quantity"`
	PriceCents int64  `json:"price_cents"`
}

// Order is what a customer bought.
type Order struct {
	ID         string `json:"id"`
	CustomerID string `json:"customer_id"`
	Lines      []Line `json:"lines"`
}

// TotalCents is the order's total.
func (o Order) TotalCents() int64 {
	var total int64
	for _, l := range o.Lines {
		total += int64(l.Quantity) * l.PriceCents
	}
	return total
}

// Service stores orders and announces their changes on Kafka.
type Service struct {
	db        *sql.DB
	events    sarama.SyncProducer
	inventory *inventory.Client
}

// NewService returns an order service.
func NewService(db *sql.DB, events sarama.SyncProducer, inv *inventory.Client) *Service {
	return &Service{db: db, events: events, inventory: inv}
}

func (s *Service) announce(topic, orderID string, payload any) error {
	value, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, _, err = s.events.SendMessage(&sarama.ProducerMessage{
		Topic: topic,
		Key:   sarama.StringEncoder(orderID),
		Value: sarama.ByteEncoder(value),
	})
	return err
}

// Place stores a new order and announces it.
func (s *Service) Place(ctx context.Context, customerID string, lines []Line) (*Order, error) {
	o := &Order{ID: uuid.NewString(), CustomerID: customerID, Lines: lines}
	placedAt := time.Now().UTC()
	err := crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error { // GOOD: txsideeffect, txstmtretry, retryall, fixedsleep
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO orders (id, customer_id, status, total_cents, placed_at) VALUES ($1, $2, 'placed', $3, $4)`,
			o.ID, o.CustomerID, o.TotalCents(), placedAt); err != nil {
			return err
		}
		for _, l := range o.Lines {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO order_lines (order_id, sku, quantity, price_cents) VALUES ($1, $2, $3, $4)`,
				o.ID, l.SKU, l.Quantity, l.PriceCents); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("place order: %w", err)
	}
	if err := s.announce("orders.placed", o.ID, o); err != nil { // GOOD: txsideeffect
		return o, fmt.Errorf("announce order %s: %w", o.ID, err)
	}
	return o, nil
}

// Cancel cancels an order that has not shipped yet and announces it.
func (s *Service) Cancel(ctx context.Context, orderID, reason string) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx,
			`UPDATE orders SET status = 'cancelled', cancel_reason = $1 WHERE id = $2 AND status IN ('placed', 'paid')`,
			reason, orderID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrNotCancellable
		}
		_, _, err = s.events.SendMessage(&sarama.ProducerMessage{ // BAD: txsideeffect
			Topic: "orders.cancelled",
			Key:   sarama.StringEncoder(orderID),
			Value: sarama.StringEncoder(reason),
		})
		return err
	})
}

const (
	markShippedSQL   = `UPDATE orders SET status = 'shipped', shipped_at = $1 WHERE id = $2`
	markDeliveredSQL = `UPDATE orders SET status = 'delivered', delivered_at = $1 WHERE id = $2`
	auditSQL         = `INSERT INTO order_audit (order_id, event, detail) VALUES ($1, $2, $3)`
)

// MarkShipped records that an order left the warehouse.
func (s *Service) MarkShipped(ctx context.Context, orderID, trackingNumber string) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error {
		shippedAt := time.Now() // BAD: txsideeffect
		if _, err := tx.ExecContext(ctx, markShippedSQL, shippedAt, orderID); err != nil {
			return err
		}
		detail := trackingNumber + " at " + shippedAt.Format(time.RFC3339)
		_, err := s.db.ExecContext(ctx, auditSQL, orderID, "shipped", detail) // BAD: txsideeffect
		return err
	})
}

// MarkDelivered records that the carrier delivered an order.
func (s *Service) MarkDelivered(ctx context.Context, orderID string, deliveredAt time.Time) error {
	recordedAt := time.Now().UTC()
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, markDeliveredSQL, deliveredAt, orderID); err != nil { // GOOD: txsideeffect
			return err
		}
		_, err := tx.ExecContext(ctx, auditSQL, orderID, "delivered", recordedAt.Format(time.RFC3339)) // GOOD: txsideeffect
		return err
	})
}

// MarkPaid records the captured charge of an order.
func (s *Service) MarkPaid(ctx context.Context, orderID, chargeID string) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx,
			`UPDATE orders SET status = 'paid', charge_id = $1 WHERE id = $2 AND status = 'placed'`,
			chargeID, orderID)
		return err
	})
}

// RecordRefund adds a refund to an order.
func (s *Service) RecordRefund(ctx context.Context, orderID, refundID string, amountCents int64) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx,
			`INSERT INTO order_refunds (order_id, refund_id, amount_cents) VALUES ($1, $2, $3) ON CONFLICT (refund_id) DO NOTHING`,
			orderID, refundID, amountCents)
		return err
	})
}

// RecordReturn records units of an order sent back by the customer.
func (s *Service) RecordReturn(ctx context.Context, orderID, sku string, quantity int) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx,
			`UPDATE order_lines SET returned = returned + $1 WHERE order_id = $2 AND sku = $3`,
			quantity, orderID, sku)
		return err
	})
}
