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

// SigningKeys downloads the gateway's current webhook signing keys.
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
