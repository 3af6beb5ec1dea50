package fakeapi

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestContextWindow: a prompt larger than the model's window is refused
// as the real API refuses it; the 1M beta, a 1M model, a model the fake
// does not know and a summarisation request are not.
func TestContextWindow(t *testing.T) {
	srv := New(Options{})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	tests := []struct {
		name, model, beta, text string
		refused                 string
	}{
		{"200k model, over", "claude-sonnet-4-5", "", "go @@usage:210000@@", "prompt is too long: 210000 tokens > 200000 maximum"},
		{"200k model, at the window", "claude-sonnet-4-5", "", "go @@usage:200000@@", ""},
		{"200k model with the 1M beta", "claude-sonnet-4-5", "claude-code-20250219,context-1m-2025-08-07", "go @@usage:210000@@", ""},
		{"1M model", "claude-opus-5-5", "", "go @@usage:900000@@", ""},
		{"1M model, over", "claude-opus-5-5", "", "go @@usage:1000001@@", "prompt is too long: 1000001 tokens > 1000000 maximum"},
		{"unknown model", "m1", "", "go @@usage:5000000@@", ""},
		{"summarisation", "claude-sonnet-4-5", "", SummaryMarker + " @@usage:210000@@", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, _ := json.Marshal(map[string]any{"model": tt.model, "messages": prompt(tt.text)})
			req, _ := http.NewRequest(http.MethodPost, ts.URL+"/v1/messages", strings.NewReader(string(body)))
			req.Header.Set("anthropic-beta", tt.beta)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			data, _ := io.ReadAll(resp.Body)
			if tt.refused == "" {
				if resp.StatusCode != http.StatusOK {
					t.Errorf("status %d: %s", resp.StatusCode, data)
				}
				return
			}
			var e struct {
				Type  string `json:"type"`
				Error struct{ Type, Message string }
			}
			if resp.StatusCode != http.StatusBadRequest || json.Unmarshal(data, &e) != nil || e.Type != "error" ||
				e.Error.Type != "invalid_request_error" || e.Error.Message != tt.refused {
				t.Errorf("status %d, body %s; want 400 %q", resp.StatusCode, data, tt.refused)
			}
			reqs := srv.MessageRequests()
			if last := reqs[len(reqs)-1]; last.Refused != tt.refused || last.Reply != nil {
				t.Errorf("recorded Refused %q Reply %v", last.Refused, last.Reply)
			}
			// Sent again, as after the compaction the refusal causes: taken,
			// at what the body holds.
			again, err := http.Post(ts.URL+"/v1/messages", "application/json", strings.NewReader(string(body)))
			if err != nil {
				t.Fatal(err)
			}
			again.Body.Close()
			reqs = srv.MessageRequests()
			if last := reqs[len(reqs)-1]; again.StatusCode != http.StatusOK || last.Reply == nil || last.Reply.InputTokens != len(body)/4 {
				t.Errorf("sent again: status %d, reply %+v", again.StatusCode, last.Reply)
			}
		})
	}
}
