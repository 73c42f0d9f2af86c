package sleepnoctx

import (
	"context"
	"net/http"
	"time"
)

// A periodic job: its success also waits and goes round (a heartbeat).
// unboundedretry leaves it alone, since running without end is its design;
// its failure wait still ignores a cancelled ctx, and is judged as a poll's.
func heartbeatEvery(ctx context.Context, req *http.Request) error {
	for { // want `time.Sleep between retry attempts ignores cancellation: wait in a select on ctx.Done\(\) and a timer`
		resp, err := http.DefaultClient.Do(req.WithContext(ctx))
		if err != nil {
			time.Sleep(time.Minute)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusUnauthorized {
			return nil
		}
		time.Sleep(10 * time.Minute)
	}
}
