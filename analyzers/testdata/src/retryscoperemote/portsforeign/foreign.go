// Package portsforeign hands ports.Runner a value of a third package, which
// the call cannot judge.
package portsforeign

import (
	"time"

	"retryscoperemote/ports"
	"retryscoperemote/portsother"
)

func remoteRunner() ports.Runner { return portsother.RemoteRunner{URL: "http://builder"} }

func runAgain(r ports.Runner) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, may be refused`
		if _, err = r.Run("make"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
