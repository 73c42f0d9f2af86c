// Package portsmixed adds an implementation of ports.Runner that reaches
// another system.
package portsmixed

import (
	"net"
	"time"

	"retryscoperemote/ports"
)

type sshRunner struct{ addr string }

func (s sshRunner) Run(name string) (string, error) {
	conn, err := net.Dial("tcp", s.addr)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	_, err = conn.Write([]byte(name))
	return "", err
}

func pick(remote bool) ports.Runner {
	if remote {
		return sshRunner{addr: "build:22"}
	}
	return ports.NewRunner()
}

func runAgain(r ports.Runner) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote, connects only`
		if _, err = r.Run("make"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
