package fakeapi

import (
	"strings"
	"testing"
)

// Message builders for conversations shaped like Claude Code 2.1.332's.

func user(blocks ...any) any { return map[string]any{"role": "user", "content": blocks} }

func system(text string) any { return map[string]any{"role": "system", "content": text} }

func text(s string) any { return map[string]any{"type": "text", "text": s} }

func reminder(s string) any { return text("<system-reminder>\n" + s + "\n</system-reminder>") }

func result(s string) any {
	return map[string]any{"type": "tool_result", "tool_use_id": "t", "content": []any{text(s)}}
}

func assistant(s string) any {
	return map[string]any{"role": "assistant", "content": []any{text(s)}}
}

// prompt is the first user message as Claude Code sends it.
func prompt(p string) []any {
	return []any{user(reminder("attribution"), text(p)), system("# Environment")}
}

// turn appends tool round trips to a prompt's messages.
func turn(p string, results ...string) []any {
	msgs := prompt(p)
	for _, r := range results {
		msgs = append(msgs, assistant("Calling Bash."), user(result(r)))
	}
	return msgs
}

// batchTurn appends one round trip whose tool results came back together.
func batchTurn(p string, results ...string) []any {
	blocks := make([]any, 0, len(results))
	for _, r := range results {
		blocks = append(blocks, result(r))
	}
	return append(prompt(p), assistant("Calling Bash."), user(blocks...))
}

func TestDecideBatch(t *testing.T) {
	const script = "[[bash: a]] [[+bash: b]] [[+bash: c]] [[bash: d]]"
	first := Decide(map[string]any{"messages": prompt(script)}, 4000)
	if first.Tool == nil || len(first.Also) != 2 || first.Also[1].Input["command"] != "c" {
		t.Fatalf("first reply = %+v, want the batch a, b, c", first)
	}
	next := Decide(map[string]any{"messages": batchTurn(script, "A", "B", "C@@usage:5000@@")}, 4000)
	if next.Tool == nil || next.Tool.Input["command"] != "d" || len(next.Also) != 0 || next.InputTokens != 5000 {
		t.Errorf("after the batch = %+v, want d alone at 5000 tokens", next)
	}
}

func TestDecide(t *testing.T) {
	long := strings.Repeat("x", 300)
	tests := []struct {
		name   string
		msgs   []any
		text   string // prefix of the reply text
		tool   string // tool name, "" for none
		input  string // command or file_path of the tool input
		tokens int    // input tokens, 0 = default estimate
	}{
		{"plain", prompt("hello"), "FAKE-REPLY to: hello", "", "", 0},
		{"plain truncated", prompt(long), "FAKE-REPLY to: " + long[:200], "", "", 0},
		{"first call", turn("run [[bash: echo hi]]"), "Calling Bash.", "Bash", "echo hi", 0},
		{"done", turn("run [[bash: echo hi]]", "hi"), "FAKE-DONE: hi", "", "", 0},
		{"done truncated", turn("run [[bash: x]]", long), "FAKE-DONE: " + long[:200], "", "", 0},
		{"second call", turn(`[[bash: a]] [[tool: Read {"file_path":"/f"}]]`, "A"), "Calling Read.", "Read", "/f", 0},
		{"after second", turn(`[[bash: a]] [[tool: Read {"file_path":"/f"}]]`, "A", "B"), "FAKE-DONE: B", "", "", 0},
		{"usage in prompt text", prompt("hi @@usage:500@@"), "FAKE-REPLY", "", "", 500},
		{"usage directive every reply", turn("[[usage: 777]] [[bash: a]] [[bash: b]]", "A"), "Calling Bash.", "Bash", "b", 777},
		{"usage not from directive text", turn("[[bash: echo @@usage:90000@@]]"), "Calling Bash.", "Bash", "echo @@usage:90000@@", 0},
		{"usage from tool result", turn("[[bash: echo @@usage:90000@@]]", "@@usage:90000@@"), "FAKE-DONE: @@usage:90000@@", "", "", 90000},
		{"usage sticks", turn("[[bash: a]] [[bash: b]]", "@@usage:42@@", "plain"), "FAKE-DONE: plain", "", "", 42},
		{"newer usage wins", turn("[[bash: a]] [[bash: b]]", "@@usage:42@@", "@@usage:43@@"), "FAKE-DONE", "", "", 43},
		{"result overrides directive", turn("[[usage: 9]] [[bash: a]]", "@@usage:10@@"), "FAKE-DONE", "", "", 10},
		{"trailing system ignored", append(turn("[[bash: a]]", "A"), system("PostToolUse hook context")), "FAKE-DONE: A", "", "", 0},
		{"older turn ignored", append(turn("[[bash: a]]", "A@@usage:5@@"), assistant("FAKE-DONE"), user(text("next"))), "FAKE-REPLY to: next", "", "", 0},
		{"string content", []any{map[string]any{"role": "user", "content": "plain string"}}, "FAKE-REPLY to: plain string", "", "", 0},
		{"bad directive", prompt("[[tool: Read {bad]]"), "FAKE-ERROR: bad [[tool: Read]]", "", "", 0},
		{"summary", append(turn("keep [[bash: a]]", "A"), user(text("CRITICAL: ...\n"+SummaryMarker+"...\nAdditional Instructions:\nkeep X\n\nREMINDER: no tools"))),
			"<analysis>fake analysis</analysis>\n<summary>FAKE SUMMARY of 5 messages. Last prompt: keep [ [bash: a]]. Instructions: keep X</summary>", "", "", 0},
		{"summary in tool result message", append(turn("[[bash: a]]"), assistant("x"), user(result("A"), text(SummaryMarker))),
			"<analysis>", "", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := map[string]any{"messages": tt.msgs}
			r := Decide(body, 4000)
			if !strings.HasPrefix(r.Text, tt.text) {
				t.Errorf("Decide() text = %q, want prefix %q", r.Text, tt.text)
			}
			checkTool(t, r, tt.tool, tt.input)
			want := tt.tokens
			if want == 0 {
				want = 1000
			}
			if r.InputTokens != want || r.OutputTokens < 1 {
				t.Errorf("Decide() tokens = %d in, %d out, want %d in", r.InputTokens, r.OutputTokens, want)
			}
		})
	}
}

// checkTool checks r's tool call against a name and its command or
// file_path input.
func checkTool(t *testing.T, r Reply, name, input string) {
	t.Helper()
	if name == "" {
		if r.Tool != nil || r.StopReason() != "end_turn" {
			t.Errorf("Decide() tool = %+v, want none", r.Tool)
		}
		return
	}
	if r.Tool == nil || r.Tool.Name != name || r.StopReason() != "tool_use" {
		t.Fatalf("Decide() tool = %+v, want %s", r.Tool, name)
	}
	got, _ := r.Tool.Input["command"].(string)
	if got == "" {
		got, _ = r.Tool.Input["file_path"].(string)
	}
	if got != input {
		t.Errorf("Decide() tool input = %v, want %q", r.Tool.Input, input)
	}
}

func TestRequestText(t *testing.T) {
	body := map[string]any{
		"system":   []any{text("SYS-A"), text("SYS-B")},
		"messages": append(turn("[[bash: a]]", "RESULT-X"), system("HOOK-CTX")),
	}
	r := Request{JSON: body}
	for _, s := range []string{"SYS-B", "RESULT-X", "HOOK-CTX", "attribution", "[[bash: a]]"} {
		if !r.Contains(s) {
			t.Errorf("Contains(%q) = false, want true", s)
		}
	}
	if r.Contains("nowhere") {
		t.Errorf("Contains(nowhere) = true")
	}
	if got := r.Prompt(); got != "[[bash: a]]" {
		t.Errorf("Prompt() = %q, want %q", got, "[[bash: a]]")
	}
	if got := r.System(); got != "SYS-A\nSYS-B" {
		t.Errorf("System() = %q", got)
	}
}
