package idempotencykey

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
)

// A JSON body that carries the key of the record it writes (key, id, alias,
// dedup_key, ...) names that record: a repeat replaces it or is refused as a
// duplicate. The key must be the same on every attempt.

type buildStatus struct {
	Key   string `json:"key"`
	State string `json:"state"`
	Name  string `json:"name"`
}

type statusAPI struct {
	rc   *retryablehttp.Client
	base string
}

func (a *statusAPI) newRequest(ctx context.Context, method, u string, body io.Reader) (*retryablehttp.Request, error) {
	return retryablehttp.NewRequestWithContext(ctx, method, u, body)
}

// The record key from a stable input, encoded into a buffer handed to a
// builder of the package: an upsert by key.
func (a *statusAPI) setStatus(ctx context.Context, commit, statusKey, state string) error {
	st := &buildStatus{Key: statusKey, State: state, Name: "ci"}
	buf := new(bytes.Buffer)
	if err := json.NewEncoder(buf).Encode(st); err != nil {
		return err
	}
	req, err := a.newRequest(ctx, http.MethodPost, a.base+"/commits/"+commit, buf)
	if err != nil {
		return err
	}
	resp, err := a.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A deduplication key in a map body, in a retry callback.
func triggerAlert(ctx context.Context, hc *http.Client, u, objectUID, summary string) error {
	body, err := json.Marshal(map[string]any{"dedup_key": objectUID, "event_action": "trigger", "summary": summary})
	if err != nil {
		return err
	}
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(6))
}

type createUser struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// An id made once, before the retry, and sent on every attempt.
func createUserOnce(ctx context.Context, hc *http.Client, u, name string) error {
	id := uuid.NewString()
	return retry.Do(func() error {
		b, err := json.Marshal(createUser{ID: id, Name: name})
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(b))
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(6))
}

type alertEvent struct {
	Alias   string
	Message string
}

// The key field set on the variable after its declaration.
func openAlert(rc *retryablehttp.Client, u, name, msg string) error {
	var ev alertEvent
	ev.Alias = name
	ev.Message = msg
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	resp, err := rc.Post(u, "application/json", bytes.NewReader(b))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Still reported: a body of content only, a key made on every attempt, a
// name that refers to another record, a call envelope's id, an API key.

type chatMessage struct {
	Text  string `json:"text"`
	State string `json:"state"`
}

func postChat(ctx context.Context, rc *retryablehttp.Client, u, text string) error {
	b, err := json.Marshal(chatMessage{Text: text, State: "open"})
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, u, b)
	if err != nil {
		return err
	}
	resp, err := rc.Do(req) // want `POST request sent with go-retryablehttp, which retries it by itself, carries no idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func createUserPerAttempt(ctx context.Context, hc *http.Client, u, name string) error {
	return retry.Do(func() error {
		b, err := json.Marshal(createUser{ID: uuid.NewString(), Name: name})
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(b)) // want `POST request sent from a retry callback without an idempotency key`
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(6))
}

func stampedStatus(ctx context.Context, hc *http.Client, u string) error {
	for i := 0; i < 6; i++ {
		b, err := json.Marshal(buildStatus{Key: time.Now().String(), State: "done"})
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(b)) // want `POST request sent from a retry loop without an idempotency key`
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(2 * time.Second)
	}
	return nil
}

func refundCharge(ctx context.Context, rc *retryablehttp.Client, u, chargeID string, cents int) error {
	b, err := json.Marshal(map[string]any{"charge_id": chargeID, "amount_cents": cents})
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, u, b)
	if err != nil {
		return err
	}
	resp, err := rc.Do(req) // want `POST request sent with go-retryablehttp, which retries it by itself, carries no idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func callMethod(ctx context.Context, rc *retryablehttp.Client, u string, params []any) error {
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "transfer", "params": params})
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, u, b)
	if err != nil {
		return err
	}
	resp, err := rc.Do(req) // want `POST request sent with go-retryablehttp, which retries it by itself, carries no idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type smsClient struct {
	rc     *retryablehttp.Client
	apiKey string
}

func (s *smsClient) send(u, to, text string) error {
	b, err := json.Marshal(map[string]string{"key": s.apiKey, "to": to, "text": text})
	if err != nil {
		return err
	}
	resp, err := s.rc.Post(u, "application/json", bytes.NewReader(b)) // want `POST request sent with go-retryablehttp, which retries it by itself, carries no idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
