package retryall

import (
	"os"
	"time"

	"github.com/rs/zerolog/log"
)

// Remoteness is a property of the functions an attempt reaches, not of their
// packages' imports: zerolog imports net (its IP fields), but the functions
// this attempt calls do no I/O, which the Remote facts of the analysed
// package say, so reading a local file and logging stays in the process.

func readWhileRewritten(name string) ([]byte, error) {
	var err error
	for i := 0; i < 5; i++ {
		var b []byte
		if b, err = os.ReadFile(name); err == nil {
			return b, nil
		}
		log.Error().Err(err).Msgf("reading %s", name)
		time.Sleep(100 * time.Millisecond)
	}
	return nil, err
}

// The same loop around a call to a service: logging does not make it local.
func sendLogged() error {
	var err error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		if err = send(); err == nil {
			return nil
		}
		log.Error().Err(err).Msg("send failed")
		time.Sleep(100 * time.Millisecond)
	}
	return err
}
