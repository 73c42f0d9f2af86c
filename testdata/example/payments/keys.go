package payments

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// SigningKey verifies the signature of the gateway's webhooks.
type SigningKey struct {
	ID        string    `json:"kid"`
	PublicKey string    `json:"public_key"`
	NotAfter  time.Time `json:"not_after"`
}

// SigningKeys downloads the gateway's current webhook signing keys. The
// refresher below calls it with context.Background(): nothing bounds that call.
func SigningKeys(ctx context.Context, keysURL string) ([]SigningKey, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, keysURL, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req) // BAD: httptimeout
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("signing keys: %s", resp.Status)
	}
	var keys []SigningKey
	return keys, json.NewDecoder(resp.Body).Decode(&keys)
}

// RefreshSigningKeys reloads the keys every interval until stop is closed.
func RefreshSigningKeys(keysURL string, interval time.Duration, stop <-chan struct{}, store func([]SigningKey)) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			if keys, err := SigningKeys(context.Background(), keysURL); err == nil {
				store(keys)
			}
		}
	}
}

// SigningKeysWithin is SigningKeys bounded by timeout.
func SigningKeysWithin(ctx context.Context, keysURL string, timeout time.Duration) ([]SigningKey, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, keysURL, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req) // GOOD: httptimeout
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("signing keys: %s", resp.Status)
	}
	var keys []SigningKey
	return keys, json.NewDecoder(resp.Body).Decode(&keys)
}
