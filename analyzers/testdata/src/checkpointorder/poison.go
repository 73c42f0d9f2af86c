package checkpointorder

import (
	"context"
	"encoding/json"
	"log"
	"strconv"

	"github.com/nats-io/nats.go"
)

type typingEvent struct {
	RoomID string `json:"room_id"`
	UserID string `json:"user_id"`
}

// A message whose payload does not decode can never succeed on redelivery,
// and a Nak would loop on it; but a Term with only a log line loses it as
// surely as any failure: the record a producer bug or a schema change left
// unreadable is the one to keep for inspection and replay after the fix.
// Decoding failures are reported like any other.
func natsTermUndecodable(js nats.JetStreamContext) {
	js.Subscribe("typing", func(m *nats.Msg) {
		var ev typingEvent
		if err := json.Unmarshal(m.Data, &ev); err != nil {
			log.Printf("bad typing event: %v", err)
			m.Term() // want `m.Term checkpoints the message after json.Unmarshal failed with no dead-letter write`
			return
		}
		if err := process(context.Background(), []byte(ev.RoomID)); err != nil {
			m.Nak()
			return
		}
		m.Ack()
	}, nats.ManualAck())
}

// A field of the message that does not parse: the same, reported.
func natsAckUnparsedHeader(js nats.JetStreamContext) {
	js.Subscribe("typing", func(m *nats.Msg) {
		typing, err := strconv.ParseBool(m.Header.Get("typing"))
		if err != nil {
			log.Printf("bad typing header: %v", err)
			m.Ack() // want `m.Ack checkpoints the message after strconv.ParseBool failed with no dead-letter write`
			return
		}
		if err := process(context.Background(), []byte(strconv.FormatBool(typing))); err != nil {
			m.Nak()
			return
		}
		m.Ack()
	}, nats.ManualAck())
}

// GOOD: the undecodable message goes to the dead-letter subject (checked)
// before Term.
func natsTermUndecodableDLQ(js nats.JetStreamContext) {
	js.Subscribe("typing", func(m *nats.Msg) {
		var ev typingEvent
		if err := json.Unmarshal(m.Data, &ev); err != nil {
			if _, err := js.Publish("typing.DLQ", m.Data); err != nil {
				m.Nak()
				return
			}
			m.Term()
			return
		}
		m.Ack()
	}, nats.ManualAck())
}
