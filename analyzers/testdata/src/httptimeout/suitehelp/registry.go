package suitehelp

import (
	"net/http"

	"github.com/stretchr/testify/require"
)

// Registry's file imports testify's require: test support, quiet.
type Registry struct{ HC *http.Client }

func NewRegistry(t require.TestingT, err error) *Registry {
	require.NoError(t, err)
	return &Registry{HC: &http.Client{}}
}

func (s *Registry) Ping(u string) error {
	resp, err := s.HC.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
