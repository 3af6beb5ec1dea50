package fakeapi

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"unicode/utf8"
)

// chunkSize is the largest delta the stream sends, so that clients must
// join several deltas per block as with the real API.
const chunkSize = 24

// message is a complete assistant message in the Messages API shape.
type message struct {
	ID      string
	Model   string
	Content []map[string]any
	Stop    string
	Usage   map[string]any
}

// usage returns the usage object: input and output tokens, no cache.
func usage(in, out int) map[string]any {
	return map[string]any{
		"input_tokens":                in,
		"cache_creation_input_tokens": 0,
		"cache_read_input_tokens":     0,
		"output_tokens":               out,
	}
}

// envelope returns the message object with the given content, stop
// reason and usage.
func (m message) envelope(content []map[string]any, stop any, u map[string]any) map[string]any {
	return map[string]any{
		"id": m.ID, "type": "message", "role": "assistant", "model": m.Model,
		"content": content, "stop_reason": stop, "stop_sequence": nil, "usage": u,
	}
}

// writeJSON sends m as a non-streaming response.
func writeJSON(w http.ResponseWriter, m message) error {
	w.Header().Set("Content-Type", "application/json")
	return json.NewEncoder(w).Encode(m.envelope(m.Content, m.Stop, m.Usage))
}

// writeStream sends m as Server-Sent Events in the order the real API
// uses: message_start, ping, per block start/deltas/stop, message_delta,
// message_stop.
func writeStream(w http.ResponseWriter, m message) error {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	start := usage(m.Usage["input_tokens"].(int), 1)
	events := []sse{
		{"message_start", map[string]any{"type": "message_start", "message": m.envelope([]map[string]any{}, nil, start)}},
		{"ping", map[string]any{"type": "ping"}},
	}
	for i, b := range m.Content {
		events = append(events, blockEvents(i, b)...)
	}
	events = append(events,
		sse{"message_delta", map[string]any{"type": "message_delta",
			"delta": map[string]any{"stop_reason": m.Stop, "stop_sequence": nil}, "usage": m.Usage}},
		sse{"message_stop", map[string]any{"type": "message_stop"}})
	for _, e := range events {
		if err := e.write(w); err != nil {
			return err
		}
	}
	return nil
}

// sse is one Server-Sent Event.
type sse struct {
	name string
	data map[string]any
}

// write sends the event and flushes it.
func (e sse) write(w io.Writer) error {
	data, err := json.Marshal(e.data)
	if err != nil {
		return fmt.Errorf("encode %s: %w", e.name, err)
	}
	if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.name, data); err != nil {
		return fmt.Errorf("write %s: %w", e.name, err)
	}
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	return nil
}

// blockEvents streams content block b at index i: start with an empty
// block, deltas carrying the text or the input JSON, stop.
func blockEvents(i int, b map[string]any) []sse {
	var first map[string]any
	var deltaType, field, payload string
	switch b["type"] {
	case "tool_use":
		first = map[string]any{"type": "tool_use", "id": b["id"], "name": b["name"], "input": map[string]any{}}
		raw, _ := json.Marshal(b["input"])
		deltaType, field, payload = "input_json_delta", "partial_json", string(raw)
	default:
		first = map[string]any{"type": "text", "text": ""}
		text, _ := b["text"].(string)
		deltaType, field, payload = "text_delta", "text", text
	}
	events := []sse{{"content_block_start", map[string]any{"type": "content_block_start", "index": i, "content_block": first}}}
	for _, c := range chunks(payload, chunkSize) {
		delta := map[string]any{"type": deltaType, field: c}
		events = append(events, sse{"content_block_delta", map[string]any{"type": "content_block_delta", "index": i, "delta": delta}})
	}
	return append(events, sse{"content_block_stop", map[string]any{"type": "content_block_stop", "index": i}})
}

// chunks splits s into pieces of at most n bytes without splitting runes
// (a piece may exceed n only to hold a single long rune).
func chunks(s string, n int) []string {
	var out []string
	for len(s) > n {
		cut := n
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		if cut == 0 {
			_, cut = utf8.DecodeRuneInString(s)
		}
		out = append(out, s[:cut])
		s = s[cut:]
	}
	if s != "" {
		out = append(out, s)
	}
	return out
}
