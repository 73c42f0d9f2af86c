package orders

import (
	"context"
	"errors"
	"fmt"

	"example.com/shop/internal/retryx"
	"example.com/shop/inventory"
)

// ReserveStock reserves the stock of every line of an order. The inventory client
// already retries each call.
func (s *Service) ReserveStock(ctx context.Context, o *Order) error {
	for _, l := range o.Lines {
		if err := s.inventory.Reserve(ctx, o.ID, l.SKU, l.Quantity); err != nil { // GOOD: nestedretry
			return fmt.Errorf("reserve %s for order %s: %w", l.SKU, o.ID, err)
		}
	}
	return nil
}

// ReserveStockWithRetry is ReserveStock with one more retry around every call.
func (s *Service) ReserveStockWithRetry(ctx context.Context, o *Order) error {
	for _, l := range o.Lines {
		err := retryx.Do(ctx, func(ctx context.Context) error { // BAD: nestedretry
			err := s.inventory.Reserve(ctx, o.ID, l.SKU, l.Quantity)
			if errors.Is(err, inventory.ErrOutOfStock) {
				return err
			}
			return retryx.Transient(err)
		})
		if err != nil {
			return fmt.Errorf("reserve %s for order %s: %w", l.SKU, o.ID, err)
		}
	}
	return nil
}
