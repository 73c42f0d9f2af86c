// Package protocol is a stub of github.com/segmentio/kafka-go/protocol (v0.4.51).
package protocol

// Header is a Kafka record header.
type Header struct {
	Key   string
	Value []byte
}
