package nojitter

// Issue 14: a self-retrying client whose settings choose a growing wait
// without jitter; the library's own default and jittered choices stay quiet.

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/redis/go-redis/v9"
)

func retryableDefaultBackoff(req *retryablehttp.Request) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.DefaultBackoff // want `go-retryablehttp client backs off without jitter: DefaultBackoff doubles the wait without a random part; use retryablehttp.LinearJitterBackoff or a Backoff of your own that adds jitter`
	return c.Do(req)
}

func retryableLiteralBackoff(req *retryablehttp.Request) (*http.Response, error) {
	c := &retryablehttp.Client{RetryMax: 3, Backoff: retryablehttp.DefaultBackoff} // want `go-retryablehttp client backs off without jitter`
	return c.Do(req)
}

// Look-alikes: jittered, a backoff of the code's own, the library default
// (a choice the code did not make), retries turned off.
func retryableJitter(req *retryablehttp.Request) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.LinearJitterBackoff
	return c.Do(req)
}

func retryableOwnBackoff(req *retryablehttp.Request, b retryablehttp.Backoff) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.Backoff = b
	return c.Do(req)
}

func retryableLibraryDefault(req *retryablehttp.Request) (*http.Response, error) {
	return retryablehttp.NewClient().Do(req)
}

func retryableOff(req *retryablehttp.Request) (*http.Response, error) {
	c := &retryablehttp.Client{Backoff: retryablehttp.DefaultBackoff}
	return c.Do(req)
}

// go-redis draws each wait at random: jittered whatever its bounds.
func redisBackoff() *redis.Client {
	return redis.NewClient(&redis.Options{MinRetryBackoff: 10 * time.Millisecond, MaxRetryBackoff: time.Second})
}
