package fixedsleep

import (
	"context"
	"net/http"
	"time"
)

// A Start method whose one parameter has no name: the engine reads whether
// it is a component's lifetime without a stop to wait for (it once crashed
// here).

type unnamedStarter struct{ c *http.Client }

func (s *unnamedStarter) Start(context.Context) error {
	var err error
	for i := 0; i < 30; i++ { // want `retry loop waits the same time.Second before every attempt`
		var resp *http.Response
		if resp, err = s.c.Get("http://registry/register"); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
