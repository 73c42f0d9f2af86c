package retryall

import (
	"bytes"
	"log"
	"os/exec"
	"strings"
)

// A loop that goes round only when the attempt's output names one failure,
// and returns every other error, tells errors apart: the output's text is
// the failure's text, like err.Error().
func installRepaired(ver string) error {
	for range 2 {
		out, err := exec.Command("apt-get", "install", "pkg="+ver).CombinedOutput()
		reach()
		if err != nil {
			if !bytes.Contains(out, []byte("dpkg was interrupted")) {
				return err
			}
			continue
		}
		break
	}
	return nil
}

// The same with a string result.
func fetchUnlessDenied() error {
	for i := 0; i < 3; i++ {
		body, err := fetchText()
		if err != nil {
			if strings.HasPrefix(body, "busy") {
				continue
			}
			return err
		}
		return nil
	}
	return nil
}

// Look-alike: the output is only logged; every error goes round. But the
// attempt is a command, which may be a local tool: out of reach, quiet.
func installLogged(ver string) error {
	for range 8 {
		out, err := exec.Command("apt-get", "install", "pkg="+ver).CombinedOutput()
		reach()
		if err != nil {
			if bytes.Contains(out, []byte("dpkg was interrupted")) {
				log.Print("interrupted")
			}
			continue
		}
		break
	}
	return nil
}

// Look-alike: a text that is not the attempt's (the request's name) decides
// nothing about the failure.
func fetchNamed(name string) error {
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		_, err := fetchText()
		if err != nil {
			if strings.HasPrefix(name, "busy") {
				return err
			}
			continue
		}
		return nil
	}
	return nil
}

func fetchText() (string, error) { reach(); return "", nil }
