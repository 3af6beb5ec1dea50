package replay

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// builder builds a synthetic transcript the way Claude Code writes
// one: one record per content block, sharing message.id and usage.
type builder struct {
	lines []string
	at    time.Time
	n     int
}

const (
	testCwd = "/p"
	testSID = "sess-1"
)

func newTranscript() *builder {
	return &builder{at: time.Date(2026, 2, 11, 20, 0, 0, 0, time.UTC)}
}

func (b *builder) emit(rec map[string]any) {
	b.at = b.at.Add(10 * time.Second)
	base := map[string]any{"isSidechain": false, "userType": "external", "cwd": testCwd, "sessionId": testSID,
		"timestamp": b.at.Format(time.RFC3339Nano), "uuid": fmt.Sprintf("u%d", len(b.lines))}
	for k, v := range rec {
		base[k] = v
	}
	data, err := json.Marshal(base)
	if err != nil {
		panic(err)
	}
	b.lines = append(b.lines, string(data))
}

func assistant(id string, tok int64, blocks ...any) map[string]any {
	return map[string]any{"type": "assistant", "requestId": "req_" + id, "message": map[string]any{
		"model": "claude-opus-4-6", "id": id, "type": "message", "role": "assistant", "content": blocks,
		"usage": map[string]any{"input_tokens": 3, "cache_creation_input_tokens": 1000, "cache_read_input_tokens": tok - 1003, "output_tokens": 10}}}
}

// call writes one tool call at a context size, with its tool result.
func (b *builder) call(tool string, input map[string]any, tok int64) {
	b.n++
	id, tid := fmt.Sprintf("msg_%d", b.n), fmt.Sprintf("toolu_%d", b.n)
	b.emit(assistant(id, tok, map[string]any{"type": "text", "text": "let me look"}))
	b.emit(assistant(id, tok, map[string]any{"type": "tool_use", "id": tid, "name": tool, "input": input}))
	b.emit(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{
		map[string]any{"type": "tool_result", "tool_use_id": tid, "content": "ok"}}}})
}

func (b *builder) read(file string, tok int64) {
	b.call("Read", map[string]any{"file_path": file}, tok)
}

// repeat writes the last tool_use record again, as Claude Code does when
// it rewrites a response.
func (b *builder) repeat() {
	for i := len(b.lines) - 1; i >= 0; i-- {
		if strings.Contains(b.lines[i], `"tool_use"`) && strings.Contains(b.lines[i], `"assistant"`) {
			b.lines = append(b.lines, b.lines[i])
			return
		}
	}
}

// sidechain writes a subagent's tool call, which must not count.
func (b *builder) sidechain(file string, tok int64) {
	rec := assistant("msg_side", tok, map[string]any{"type": "tool_use", "id": "toolu_side", "name": "Read", "input": map[string]any{"file_path": file}})
	rec["isSidechain"] = true
	b.emit(rec)
}

func (b *builder) boundary(trigger string, pre int64) {
	b.emit(map[string]any{"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted",
		"compactMetadata": map[string]any{"trigger": trigger, "preTokens": pre}})
	b.emit(map[string]any{"type": "user", "isCompactSummary": true, "message": map[string]any{"role": "user",
		"content": "This session is being continued from a previous conversation. compact_boundary tool_use"}})
}

// wait moves the clock on.
func (b *builder) wait(d time.Duration) { b.at = b.at.Add(d) }

func (b *builder) String() string { return strings.Join(b.lines, "\n") + "\n" }

// batch writes one response at a context size asking for parallel
// Reads, then their results, of the given sizes in characters.
func (b *builder) batch(tok int64, sizes ...int) {
	b.n++
	id := fmt.Sprintf("msg_%d", b.n)
	for i := range sizes {
		b.emit(assistant(id, tok, map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_%d_%d", b.n, i), "name": "Read",
			"input": map[string]any{"file_path": fmt.Sprintf("/p/src/f%d.go", i)}}))
	}
	for i, n := range sizes {
		b.emit(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{
			map[string]any{"type": "tool_result", "tool_use_id": fmt.Sprintf("toolu_%d_%d", b.n, i), "content": strings.Repeat("x", n)}}}})
	}
}

// prompt writes a prompt the user typed.
func (b *builder) prompt(text string) {
	b.emit(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": text}})
}
