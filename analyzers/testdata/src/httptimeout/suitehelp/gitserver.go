// Package suitehelp holds a suite's helpers outside any test directory. A
// file that imports a test framework (gomega here) is test support, as a
// file that imports "testing" is: its client talks to a server the suite
// started and is quiet.
package suitehelp

import (
	"net/http"
	"time"

	"github.com/onsi/gomega"
)

type GitServer struct{ HC *http.Client }

func NewGitServer() *GitServer {
	gomega.SetDefaultEventuallyTimeout(time.Minute)
	return &GitServer{HC: &http.Client{}}
}

func (s *GitServer) Ping(u string) error {
	resp, err := s.HC.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
