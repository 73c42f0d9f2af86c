package orders

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

const (
	txAttempts  = 4
	txBaseDelay = 20 * time.Millisecond
	txMaxDelay  = 500 * time.Millisecond

	applyCouponSQL   = `UPDATE orders SET coupon_code = $1 WHERE id = $2 AND status = 'placed'`
	applyGiftCardSQL = `UPDATE orders SET gift_card_id = $1 WHERE id = $2 AND status = 'placed'`
	sqlStateRetry    = "40001" // serialization_failure: the transaction must be retried
)

// sqlStater is implemented by the errors of the Postgres drivers.
type sqlStater interface {
	SQLState() string
}

// ApplyCoupon attaches a coupon to a placed order.
func (s *Service) ApplyCoupon(ctx context.Context, orderID, code string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for attempt := 0; attempt < txAttempts; attempt++ {
		_, err = tx.ExecContext(ctx, applyCouponSQL, code, orderID) // BAD: txstmtretry
		if err == nil {
			return tx.Commit()
		}
		var sqlErr sqlStater
		if !errors.As(err, &sqlErr) || sqlErr.SQLState() != sqlStateRetry {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(min(txBaseDelay<<attempt, txMaxDelay))):
		}
	}
	return err
}

// ApplyGiftCard attaches a gift card to a placed order.
func (s *Service) ApplyGiftCard(ctx context.Context, orderID, cardID string) error {
	var err error
	for attempt := 0; attempt < txAttempts; attempt++ { // GOOD: txstmtretry, retryall, fixedsleep, nojitter, sleepnoctx, unboundedretry
		err = s.applyGiftCardTx(ctx, orderID, cardID)
		if err == nil {
			return nil
		}
		var sqlErr sqlStater
		if !errors.As(err, &sqlErr) || sqlErr.SQLState() != sqlStateRetry {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(min(txBaseDelay<<attempt, txMaxDelay))):
		}
	}
	return err
}

// applyGiftCardTx runs one whole attempt: begin, update, commit.
func (s *Service) applyGiftCardTx(ctx context.Context, orderID, cardID string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, applyGiftCardSQL, cardID, orderID); err != nil {
		return err
	}
	return tx.Commit()
}
