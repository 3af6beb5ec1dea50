package fakeapi

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// bash is the Directive a [[bash: cmd]] directive yields.
func bash(cmd string) Directive {
	return Directive{Name: "Bash", Input: map[string]any{"command": cmd, "description": "fake tool call"}}
}

// joined marks d as sharing the reply of the call before it.
func joined(d Directive) Directive {
	d.Joined = true
	return d
}

func TestBatches(t *testing.T) {
	sc, err := ParseScript("[[bash: a]] [[+bash: b]] [[+bash: c]] [[bash: d]] [[bash: e]] [[+bash: f]]")
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int
	for _, b := range sc.Batches() {
		sizes = append(sizes, len(b))
	}
	if !reflect.DeepEqual(sizes, []int{3, 1, 2}) {
		t.Errorf("Batches() sizes = %v, want [3 1 2]", sizes)
	}
}

func TestParseScript(t *testing.T) {
	tests := []struct {
		name   string
		prompt string
		calls  []Directive
		usage  int
	}{
		{"plain", "hello there", nil, 0},
		{"bash", "please run [[bash: echo hi]] now", []Directive{bash("echo hi")}, 0},
		{"bash trims", "[[bash:   ls -la  ]]", []Directive{bash("ls -la")}, 0},
		{"bash nested test", "[[bash: [[ -f x ]] && echo yes]]", []Directive{bash("[[ -f x ]] && echo yes")}, 0},
		{"tool", `[[tool: Read {"file_path":"/abs/x.go"}]]`,
			[]Directive{{Name: "Read", Input: map[string]any{"file_path": "/abs/x.go"}}}, 0},
		{"tool brackets in json", `[[tool: Write {"file_path":"/y","content":"a]] [1,[2]]"}]]`,
			[]Directive{{Name: "Write", Input: map[string]any{"file_path": "/y", "content": "a]] [1,[2]]"}}}, 0},
		{"tool nested arrays", `[[tool: X {"a":[1,[2]],"b":{"c":true}}]]`,
			[]Directive{{Name: "X", Input: map[string]any{"a": []any{json.Number("1"), []any{json.Number("2")}}, "b": map[string]any{"c": true}}}}, 0},
		{"tool no input", "[[tool: ListAgents]]", []Directive{{Name: "ListAgents", Input: map[string]any{}}}, 0},
		{"tool no space", `[[tool:Read{"file_path":"/a"}]]`, []Directive{{Name: "Read", Input: map[string]any{"file_path": "/a"}}}, 0},
		{"sequence", "[[bash: a]] then [[tool: Read {\"file_path\":\"/b\"}]] then [[bash: c]]",
			[]Directive{bash("a"), {Name: "Read", Input: map[string]any{"file_path": "/b"}}, bash("c")}, 0},
		{"joined calls", "[[bash: a]] [[+bash: b]] [[+tool: Read {\"file_path\":\"/c\"}]] [[bash: d]]",
			[]Directive{bash("a"), joined(bash("b")), {Name: "Read", Input: map[string]any{"file_path": "/c"}, Joined: true}, bash("d")}, 0},
		{"first call cannot join", "[[+bash: a]] [[bash: b]]", []Directive{bash("a"), bash("b")}, 0},
		{"usage directive", "[[usage: 1234]] hi", nil, 1234},
		{"usage marker in text", "hi @@usage:77@@ and @@usage:88@@", nil, 88},
		{"usage marker inside directive ignored", "[[bash: echo @@usage:90000@@]]", []Directive{bash("echo @@usage:90000@@")}, 0},
		{"usage directive beats marker", "@@usage:5@@ [[usage: 6]]", nil, 6},
		{"unknown brackets kept as text", "see [[wiki]] and [[bash: x]]", []Directive{bash("x")}, 0},
		{"unclosed ignored", "[[bash: echo hi", nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseScript(tt.prompt)
			if err != nil {
				t.Fatalf("ParseScript(%q) error = %v", tt.prompt, err)
			}
			if !reflect.DeepEqual(got.Calls, tt.calls) || got.Usage != tt.usage {
				t.Errorf("ParseScript(%q) = %+v, want calls %+v usage %d", tt.prompt, got, tt.calls, tt.usage)
			}
		})
	}
}

func TestParseScriptErrors(t *testing.T) {
	tests := []struct{ prompt, want string }{
		{`[[tool: Read {"file_path":]]`, "bad [[tool: Read]] input"},
		{`[[tool: Read {"a":1} junk]]`, "text after the JSON object"},
		{"[[tool: ]]", "missing tool name"},
		{"[[usage: lots]]", "bad [[usage: lots]]"},
	}
	for _, tt := range tests {
		_, err := ParseScript(tt.prompt)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseScript(%q) error = %v, want containing %q", tt.prompt, err, tt.want)
		}
	}
}

func TestTruncateAndChunks(t *testing.T) {
	if got := truncate("héllo", 2); got != "h" {
		t.Errorf("truncate(héllo, 2) = %q, want %q", got, "h")
	}
	if got := truncate("abc", 10); got != "abc" {
		t.Errorf("truncate(abc, 10) = %q", got)
	}
	s := strings.Repeat("ab€", 20)
	parts := chunks(s, 7)
	if strings.Join(parts, "") != s {
		t.Fatalf("chunks lost text: %q", parts)
	}
	for _, p := range parts {
		if len(p) > 7 || !strings.HasPrefix(s[strings.Index(s, p):], p) || !validUTF8(p) {
			t.Errorf("chunks(%q, 7) gave bad piece %q", s, p)
		}
	}
}

// validUTF8 reports whether s round-trips through a rune conversion.
func validUTF8(s string) bool { return string([]rune(s)) == s }
