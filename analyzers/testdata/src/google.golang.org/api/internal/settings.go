// Package internal is a stub of google.golang.org/api/internal (reduced DialSettings).
package internal

// DialSettings holds the settings of a Google API client.
type DialSettings struct {
	Endpoint string
}
