package capture

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var now = time.Unix(1_800_000_000, 0)

func TestReadLine(t *testing.T) {
	tests := []struct {
		name, line string
		want       []Item
		summary    string
	}{
		{"prompt", `{"type":"user","uuid":"u1","promptId":"p1","message":{"role":"user","content":"never commit"}}`,
			[]Item{{Kind: Rule, Text: "never commit", UUID: "u1", Prompt: "p1", Source: Prompt}}, ""},
		{"text block beside a tool result", `{"type":"user","uuid":"u2","message":{"content":[{"type":"tool_result","tool_use_id":"t","content":"x"},{"type":"text","text":"use pnpm"}]}}`,
			[]Item{{Kind: Rule, Text: "use pnpm", UUID: "u2", Source: Prompt}}, ""},
		{"rejection feedback", `{"type":"user","uuid":"u3","message":{"content":[{"type":"tool_result","tool_use_id":"t","is_error":true,"content":"The user doesn't want to proceed with this tool use. To tell you how to proceed, the user said:\nno, I did not say commit anything"}]}}`,
			[]Item{{Kind: Correction, Text: "no, I did not say commit anything", UUID: "u3", Source: Rejection}}, ""},
		{"clarify is not feedback", `{"type":"user","uuid":"u4","message":{"content":[{"type":"tool_result","tool_use_id":"t","content":"the user said:\nThe user wants to clarify these questions."}]}}`, nil, ""},
		{"answers", `{"type":"user","uuid":"u5","message":{"content":[{"type":"tool_result","tool_use_id":"t","content":"User has answered your questions: \"Which rig?\"=\"No rig\", \"Tools?\"=\"Credo only\". You can now continue."}]}}`,
			[]Item{{Kind: Decision, Text: "No rig", UUID: "u5", Source: Answer, About: "Which rig?"}, {Kind: Decision, Text: "Credo only", UUID: "u5", Source: Answer, About: "Tools?"}}, ""},
		{"queued", `{"type":"queue-operation","operation":"enqueue","content":"and maybe we should do it as a separate PR"}`,
			[]Item{{Kind: Rule, Text: "and maybe we should do it as a separate PR", Source: Queued}}, ""},
		{"queued attachment", `{"type":"attachment","uuid":"a1","attachment":{"type":"queued_command","prompt":"never push to main"}}`,
			[]Item{{Kind: Rule, Text: "never push to main", UUID: "a1", Source: Queued}}, ""},
		{"meta", `{"type":"user","isMeta":true,"uuid":"m","message":{"content":"never commit"}}`, nil, ""},
		{"sidechain", `{"type":"user","isSidechain":true,"uuid":"s","message":{"content":"never commit"}}`, nil, ""},
		{"tool output", `{"type":"user","uuid":"o","message":{"content":[{"type":"tool_result","tool_use_id":"t","content":"never commit secrets"}]}}`, nil, ""},
		{"assistant", `{"type":"assistant","message":{"content":[{"type":"text","text":"never commit"}]}}`, nil, ""},
		{"summary", `{"type":"user","isCompactSummary":true,"uuid":"c","message":{"content":"never commit"}}`, nil, ""},
		{"garbage", `{"type":"user","message":{"content":`, nil, ""},
		{"wrong types", `{"type":"user","uuid":7,"message":{"content":{"a":1}}}`, nil, ""},
	}
	for _, tt := range tests {
		got := ReadLine([]byte(tt.line))
		if fmt.Sprint(got.Items) != fmt.Sprint(tt.want) {
			t.Errorf("%s: ReadLine = %+v, want %+v (summary %q)", tt.name, got, tt.want, tt.summary)
		}
	}
}

func TestStoreAdd(t *testing.T) {
	var s Store
	s.Add(now, Item{Kind: Rule, Text: "never commit", Prompt: "p1", Source: Prompt})
	if n := s.Add(now, Item{Kind: Rule, Text: "Never  commit", UUID: "u1", Source: Prompt}); n != 0 {
		t.Fatalf("the same words were added again (%d)", n)
	}
	if s.Items[0].UUID != "u1" {
		t.Errorf("a later sighting did not give the item its record id: %+v", s.Items[0])
	}
	s.Add(now, Item{Kind: Rule, Text: "deploy with token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB", Source: Prompt})
	if strings.Contains(s.Items[1].Text, "ghp_") {
		t.Errorf("a secret was kept: %q", s.Items[1].Text)
	}
}

// TestStoreBound: 10,000 captured instructions keep MaxItems, every
// correction first and then the newest, in the order they were said.
func TestStoreBound(t *testing.T) {
	var s Store
	for i := 0; i < 10_000; i++ {
		kind := Rule
		if i%1000 == 0 {
			kind = Correction
		}
		s.Add(now, Item{Kind: kind, Text: fmt.Sprintf("rule number %d", i), Source: Prompt})
	}
	if len(s.Items) != MaxItems {
		t.Fatalf("kept %d items, want %d", len(s.Items), MaxItems)
	}
	corrections := 0
	for _, it := range s.Items {
		if it.Kind == Correction {
			corrections++
		}
	}
	if corrections != 10 {
		t.Errorf("kept %d corrections, want all 10", corrections)
	}
	if last := s.Items[len(s.Items)-1].Text; last != "rule number 9999" {
		t.Errorf("the newest item is not last: %q", last)
	}
	path := filepath.Join(t.TempDir(), "capture.json")
	if err := Save(path, s); err != nil {
		t.Fatal(err)
	}
	if got := Load(path); len(got.Items) != MaxItems {
		t.Errorf("Load kept %d items", len(got.Items))
	}
}

func TestLoadDamaged(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"garbage": "{{{", "types": `{"items":"x","offset":"y"}`, "empty": ""} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
		if s := Load(path); len(s.Items) != 0 || s.Offset != 0 {
			t.Errorf("%s: Load = %+v, want an empty store", name, s)
		}
	}
	if s := Load(dir); len(s.Items) != 0 {
		t.Errorf("a directory loaded as %+v", s)
	}
}

// TestCatchUp: two catch-ups over a growing transcript read each line
// once; a line still being written waits for the next one.
func TestCatchUp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.jsonl")
	write := func(s string) {
		f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString(s); err != nil {
			t.Fatal(err)
		}
	}
	var s Store
	write(`{"type":"queue-operation","operation":"enqueue","content":"never push on fridays"}` + "\n" + `{"type":"user","uuid":"u2","message":{"content":"use pn`)
	if err := s.CatchUp(path, now); err != nil {
		t.Fatal(err)
	}
	if len(s.Items) != 1 {
		t.Fatalf("first catch-up: %+v", s.Items)
	}
	write(`pm"}}` + "\n")
	if err := s.CatchUp(path, now); err != nil {
		t.Fatal(err)
	}
	if len(s.Items) != 2 || s.Items[1].Text != "use pnpm" {
		t.Fatalf("second catch-up: %+v", s.Items)
	}
	if err := s.CatchUp(filepath.Dir(path), now); err == nil {
		t.Error("a directory as the transcript gave no error")
	}
}

func TestTasks(t *testing.T) {
	lines := []string{
		`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"c1","name":"TaskCreate","input":{"subject":"Fix the rounding"}}]}}`,
		`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"c1","content":"ok"}]},"toolUseResult":{"task":{"id":"1","subject":"Fix the rounding"}}}`,
		`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"c2","name":"TaskCreate","input":{"subject":"Add a test"}}]}}`,
		`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"c2","content":"ok"}]},"toolUseResult":{"task":{"id":"2","subject":"Add a test"}}}`,
		`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"c3","name":"TaskUpdate","input":{"taskId":"1","status":"completed"}}]}}`,
		`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"b1","name":"Bash","input":{"command":"go test ./billing"}}]}}`,
		`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"b1","is_error":true,"content":"Exit code 1\n--- FAIL: TestRound"}]}}`,
	}
	var tk Tasks
	for _, l := range lines {
		tk.Feed([]byte(l))
	}
	if open := tk.Open(); len(open) != 1 || open[0].Subject != "Add a test" {
		t.Errorf("Open = %+v, want the one unfinished task", open)
	}
	if got := tk.Chasing(); got != "Bash: go test ./billing → Exit code 1 --- FAIL: TestRound" {
		t.Errorf("Chasing = %q", got)
	}
	tk.Feed([]byte(`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"b2","name":"Bash","input":{"command":"go test ./billing"}}]}}`))
	tk.Feed([]byte(`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"b2","content":"ok"}]}}`))
	if got := tk.Chasing(); got != "" {
		t.Errorf("Chasing after a clean rerun = %q, want none", got)
	}
	tk.Feed([]byte(`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"w","name":"TodoWrite","input":{"todos":[{"content":"a","status":"completed"},{"content":"b","status":"in_progress"}]}}]}}`))
	if open := tk.Open(); len(open) != 2 || open[1].Subject != "b" {
		t.Errorf("Open with a todo list = %+v", open)
	}
}
