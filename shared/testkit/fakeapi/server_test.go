package fakeapi

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// post sends a messages request with the given prompt to url.
func post(t *testing.T, url, text string, stream bool) *http.Response {
	t.Helper()
	resp, err := send(url, text, stream)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// send posts a messages request with the given prompt to url.
func send(url, text string, stream bool) (*http.Response, error) {
	body, _ := json.Marshal(map[string]any{"model": "m1", "stream": stream, "messages": prompt(text)})
	resp, err := http.Post(url+"/v1/messages?beta=true", "application/json", strings.NewReader(string(body)))
	if err != nil {
		return nil, fmt.Errorf("POST /v1/messages: %w", err)
	}
	return resp, nil
}

// event is one decoded Server-Sent Event.
type event struct {
	name string
	data map[string]any
}

// readEvents parses an SSE stream.
func readEvents(t *testing.T, resp *http.Response) []event {
	t.Helper()
	var out []event
	sc := bufio.NewScanner(resp.Body)
	var name string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			var data map[string]any
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &data); err != nil {
				t.Fatalf("bad data line %q: %v", line, err)
			}
			if data["type"] != name {
				t.Errorf("event %q has data type %v", name, data["type"])
			}
			out = append(out, event{name, data})
		}
	}
	return out
}

func TestStreamToolCall(t *testing.T) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	resp := post(t, ts.URL, `go [[tool: Write {"file_path":"/y","content":"€ long content to split into several deltas"}]]`, true)
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("Content-Type = %q", ct)
	}
	if id := resp.Header.Get("request-id"); id != "req_fake000001" {
		t.Errorf("request-id = %q", id)
	}
	events := readEvents(t, resp)
	var names []string
	texts, inputs := map[int]string{}, map[int]string{}
	for _, e := range events {
		names = append(names, e.name)
		if e.name == "content_block_delta" {
			i := int(e.data["index"].(float64))
			d := e.data["delta"].(map[string]any)
			texts[i] += fmt.Sprint(d["text"])
			if d["type"] == "input_json_delta" {
				inputs[i] += d["partial_json"].(string)
			}
		}
	}
	got := strings.Join(compact(names), ",")
	want := "message_start,ping,content_block_start,content_block_delta,content_block_stop,content_block_start,content_block_delta,content_block_stop,message_delta,message_stop"
	if got != want {
		t.Errorf("events = %s, want %s", got, want)
	}
	start := events[0].data["message"].(map[string]any)
	if start["id"] != "msg_fake000001" || start["model"] != "m1" || start["role"] != "assistant" {
		t.Errorf("message_start = %v", start)
	}
	if texts[0] != "Calling Write." {
		t.Errorf("text = %q", texts[0])
	}
	var input map[string]any
	if err := json.Unmarshal([]byte(inputs[1]), &input); err != nil || input["content"] != "€ long content to split into several deltas" {
		t.Errorf("tool input %q: %v", inputs[1], err)
	}
	block := events[5].data["content_block"].(map[string]any)
	if block["id"] != "toolu_fake000001" || block["name"] != "Write" {
		t.Errorf("tool block = %v", block)
	}
	delta := events[len(events)-2].data
	if delta["delta"].(map[string]any)["stop_reason"] != "tool_use" || delta["usage"].(map[string]any)["input_tokens"] == nil {
		t.Errorf("message_delta = %v", delta)
	}
}

// compact collapses runs of the same name, so any number of deltas
// compares equal.
func compact(names []string) []string {
	var out []string
	for _, n := range names {
		if len(out) == 0 || out[len(out)-1] != n {
			out = append(out, n)
		}
	}
	return out
}

func TestJSONReplyAndOtherRoutes(t *testing.T) {
	dir := t.TempDir()
	srv := New(Options{RecordDir: dir})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	resp := post(t, ts.URL, "hello @@usage:321@@", false)
	var msg map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&msg); err != nil {
		t.Fatalf("decode reply: %v", err)
	}
	content := msg["content"].([]any)[0].(map[string]any)
	usage := msg["usage"].(map[string]any)
	if msg["stop_reason"] != "end_turn" || content["text"] != "FAKE-REPLY to: hello @@usage:321@@" || usage["input_tokens"] != 321.0 {
		t.Errorf("reply = %v", msg)
	}
	for _, r := range []struct{ method, path, want string }{
		{"POST", "/v1/messages/count_tokens", "200"},
		{"HEAD", "/", "404"},
		{"GET", "/api/hello", "404"},
	} {
		req, _ := http.NewRequest(r.method, ts.URL+r.path, strings.NewReader(`{"messages":[]}`))
		got, err := http.DefaultClient.Do(req)
		if err != nil || fmt.Sprint(got.StatusCode) != r.want {
			t.Errorf("%s %s = %v, %v; want %s", r.method, r.path, got.StatusCode, err, r.want)
		}
		got.Body.Close()
	}
	if n := len(srv.Requests()); n != 4 {
		t.Errorf("Requests() has %d, want 4", n)
	}
	msgs := srv.MessageRequests()
	if len(msgs) != 1 || msgs[0].Query != "beta=true" || !srv.Saw("@@usage:321@@") || srv.Saw("absent") {
		t.Errorf("MessageRequests() = %+v", msgs)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "0001.json")); err != nil || !strings.Contains(string(data), "hello") {
		t.Errorf("recorded body: %q, %v", data, err)
	}
}

func TestConcurrentIDs(t *testing.T) {
	srv := New(Options{})
	url, err := srv.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("Start() = %q, want a loopback URL", url)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := send(url, "[[bash: echo hi]]", i%2 == 0)
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			_, err = io.Copy(io.Discard, resp.Body)
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	msgIDs, toolIDs := map[string]bool{}, map[string]bool{}
	for _, r := range srv.MessageRequests() {
		msgIDs[r.MessageID], toolIDs[r.ToolUseID] = true, true
	}
	if len(msgIDs) != 16 || len(toolIDs) != 16 || !msgIDs["msg_fake000016"] || !toolIDs["toolu_fake000016"] {
		t.Errorf("ids not unique: %v %v", msgIDs, toolIDs)
	}
}

func TestRespondOverride(t *testing.T) {
	srv := New(Options{Respond: func(r Request) (Reply, bool) {
		return Reply{Text: "CUSTOM", InputTokens: 7, OutputTokens: 1}, strings.Contains(r.Prompt(), "custom")
	}})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	for p, want := range map[string]string{"custom please": "CUSTOM", "other": "FAKE-REPLY to: other"} {
		post(t, ts.URL, p, true)
		last := srv.MessageRequests()
		if got := last[len(last)-1].Reply.Text; got != want {
			t.Errorf("reply to %q = %q, want %q", p, got, want)
		}
	}
}
