package retryscoperemote

import (
	"context"
	"net"
	"os"
	"time"

	retry "github.com/avast/retry-go/v4"
)

// The attempt of a helper's callback is the callback's body.
func callbackLocal(path string) error {
	return retry.Do(func() error { return os.Remove(path) }) // want `local`
}

func callbackRemote(addr string) error {
	return retry.Do(func() error { // want `remote`
		_, err := net.Dial("tcp", addr)
		return err
	})
}

// A named function handed to the helper is judged like a literal.
func callbackNamedRemote(ctx context.Context) error {
	return retry.Do(func() error { return s1MarkDone(ctx, nil) }) // want `remote`
}

// A variable that holds one literal is followed.
func literalVarLocal(path string) error {
	remove := func() error { return os.Remove(path) }
	var err error
	for i := 0; i < 3; i++ { // want `local`
		if err = remove(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Mutual recursion: ping reaches the network only through pong's call back
// into ping. Asked first about pong (through pongAround), then about ping:
// both are remote, whichever is walked first.
func ping(addr string, n int) error {
	if n > 0 {
		return pong(addr, n-1)
	}
	_, err := net.Dial("tcp", addr)
	return err
}

func pong(addr string, n int) error { return ping(addr, n) }

func pongAround(addr string) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote`
		if err = pong(addr, 2); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A local function that recurses stays local.
func walkDir(path string, depth int) error {
	if depth == 0 {
		return os.Remove(path)
	}
	return walkDir(path, depth-1)
}

func walkDirAround(path string) error {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		if err = walkDir(path, 2); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A request handed to another goroutine over a channel may go anywhere.
type request struct{ done chan error }

func submit(queue chan<- request) error {
	r := request{done: make(chan error, 1)}
	queue <- r
	return <-r.done
}

func submitAround(queue chan<- request) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote`
		if err = submit(queue); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A context's methods stay in the process.
func checkCtx(ctx context.Context, path string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return os.Remove(path)
}

func checkCtxAround(ctx context.Context, path string) error {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		if err = checkCtx(ctx, path); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// alpha reaches the network after a call of beta, which only calls alpha
// back. Asked about alpha first, the walk meets alpha again inside beta: beta
// must not be remembered as local on the way.
func alpha(addr string, n int) error {
	if n > 0 {
		_ = beta(addr, n-1)
	}
	_, err := net.Dial("tcp", addr)
	return err
}

func beta(addr string, n int) error { return alpha(addr, n) }

func alphaAround(addr string) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote`
		if err = alpha(addr, 2); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func betaAround(addr string) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote`
		if err = beta(addr, 2); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A func taken from a map may be anything.
func fromMap(ops map[string]func() error, name string) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote`
		if err = ops[name](); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// An instantiated generic function of the package is followed like any other.
func removeAll[T ~string](paths ...T) error {
	for _, p := range paths {
		if err := os.Remove(string(p)); err != nil {
			return err
		}
	}
	return nil
}

func genericLocal(path string) error {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		if err = removeAll[string](path); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
