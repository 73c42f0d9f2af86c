// Package kmsg is a reduced stub of github.com/twmb/franz-go/pkg/kmsg
// (v1.15.1), written from its exported API: the Requestor interface, and one
// of the generated request types with its RequestWith.
package kmsg

import "context"

// Requestor issues a Request (a *kgo.Client is one).
type Requestor interface {
	Request(context.Context, Request) (Response, error)
}

type Request interface {
	Key() int16
}

type Response interface {
	Key() int16
}

type MetadataRequest struct {
	Topics []string
}

func (v *MetadataRequest) Key() int16 { return 3 }

func NewPtrMetadataRequest() *MetadataRequest { return &MetadataRequest{} }

func (v *MetadataRequest) RequestWith(ctx context.Context, r Requestor) (*MetadataResponse, error) {
	kresp, err := r.Request(ctx, v)
	resp, _ := kresp.(*MetadataResponse)
	return resp, err
}

type MetadataResponse struct {
	Brokers []string
}

func (v *MetadataResponse) Key() int16 { return 3 }
