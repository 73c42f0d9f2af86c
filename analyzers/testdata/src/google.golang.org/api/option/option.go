// Package option is a stub of google.golang.org/api/option for analysistest.
package option

import "google.golang.org/api/internal"

// ClientOption configures a Google API client.
type ClientOption interface {
	Apply(*internal.DialSettings)
}
