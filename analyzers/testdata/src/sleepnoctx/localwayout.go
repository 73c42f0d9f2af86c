package sleepnoctx

import (
	"context"
	"log"
	"net/http"
	"os"
	"time"
)

// A round is the code that runs again. A branch that leaves the loop (the
// deadline's error response, the success's return) runs once, on the way
// out: it does not make a round that only asks the file system whether a
// path is there reach another system. With no context in sight, such a
// local poll waits for this machine, and its wait is its pace.

// GOOD: polls a local marker until a deadline; only the way out writes to
// the client.
func wyMarkerReady(w http.ResponseWriter, limit time.Duration, marker string) {
	start := time.Now()
	for {
		if time.Since(start) > limit {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_, err := os.Stat(marker)
		switch {
		case os.IsNotExist(err):
			time.Sleep(time.Second)
		case err != nil:
			log.Printf("stat %s: %v", marker, err)
		default:
			w.WriteHeader(http.StatusOK)
			return
		}
	}
}

// BAD: every round writes to the client, which is outside the process.
func wyMarkerProgress(w http.ResponseWriter, limit time.Duration, marker string) {
	start := time.Now()
	for { // want `time.Sleep between retry attempts cannot be cancelled: accept a context.Context`
		if time.Since(start) > limit {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_, err := os.Stat(marker)
		switch {
		case os.IsNotExist(err):
			_, _ = w.Write([]byte("waiting\n"))
			time.Sleep(time.Second)
		case err != nil:
			log.Printf("stat %s: %v", marker, err)
		default:
			return
		}
	}
}

// BAD: the same poll with a context in scope and no deadline: the select
// is the fix.
func wyMarkerCtx(ctx context.Context, w http.ResponseWriter, marker string) {
	for { // want `time.Sleep between retry attempts ignores cancellation: wait in a select on ctx.Done\(\) and a timer`
		_, err := os.Stat(marker)
		switch {
		case os.IsNotExist(err):
			time.Sleep(time.Second)
		case err != nil:
			log.Printf("stat %s: %v", marker, err)
		default:
			w.WriteHeader(http.StatusOK)
			return
		}
	}
}

// BAD: a remote poll with a deadline: a cancelled caller still waits out
// the sleeps up to the deadline.
func wyPeerReady(w http.ResponseWriter, limit time.Duration, url string) {
	start := time.Now()
	for { // want `time.Sleep between retry attempts cannot be cancelled: accept a context.Context`
		if time.Since(start) > limit {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(time.Second)
	}
}

func WyServe(limit time.Duration) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/ready", func(w http.ResponseWriter, r *http.Request) {
		wyMarkerReady(w, limit, "/run/marker")
		wyMarkerProgress(w, limit, "/run/marker")
		wyMarkerCtx(r.Context(), w, "/run/marker")
		wyPeerReady(w, limit, "http://peer.example:8080/ready")
	})
	return http.ListenAndServe(":8080", mux)
}
