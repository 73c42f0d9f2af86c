// Package remotedep is a dependency with one function that reaches another
// system and one that stays in the process, although the package imports
// net/http: the engine's facts tell them apart, not the imports.
package remotedep

import (
	"context"
	"errors"
	"net/http"
	"os"
)

// Fetch asks a server, through a helper.
func Fetch(ctx context.Context) error { return get(ctx, "http://service.internal/") }

func get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return errors.New(resp.Status) // the server's verdict becomes the error
	}
	return nil
}

// Claim takes a lock directory on the local disk.
func Claim(path string) error { return os.Mkdir(path, 0o700) }
