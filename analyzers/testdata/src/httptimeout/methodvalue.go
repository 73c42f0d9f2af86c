package httptimeout

import (
	"fmt"
	"io"
	"net/http"
)

// http.DefaultClient.Do handed as a method value to a function of the
// package is judged by how that function calls it.

func forward(w http.ResponseWriter, r *http.Request, u string, do func(*http.Request) (*http.Response, error)) {
	req, err := http.NewRequestWithContext(r.Context(), r.Method, u, r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	res, err := do(req)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer res.Body.Close()
	_, _ = io.Copy(w, res.Body)
}

// GOOD: forward sends only with the incoming request's context.
func handleForward(w http.ResponseWriter, r *http.Request) {
	forward(w, r, "http://127.0.0.1:9002"+r.URL.Path, http.DefaultClient.Do)
}

func forwardBare(w http.ResponseWriter, u string, do func(*http.Request) (*http.Response, error)) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return
	}
	res, err := do(req)
	if err != nil {
		return
	}
	defer res.Body.Close()
	_, _ = io.Copy(w, res.Body)
}

// BAD: forwardBare builds its request without a context.
func handleForwardBare(w http.ResponseWriter, r *http.Request) {
	forwardBare(w, "http://example.invalid"+r.URL.Path, http.DefaultClient.Do) // want `http.DefaultClient has no timeout`
}

var keptDo func(*http.Request) (*http.Response, error)

func keepDo(do func(*http.Request) (*http.Response, error)) { keptDo = do }

// BAD: the callee stores the method value; its later calls are out of sight.
func handleKeep() {
	keepDo(http.DefaultClient.Do) // want `http.DefaultClient has no timeout`
	fmt.Println(keptDo != nil)
}
