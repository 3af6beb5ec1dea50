package archive

import (
	"encoding/json"
	"testing"
)

func TestRender(t *testing.T) {
	tests := []struct {
		name, raw, want string
	}{
		{"JSON string", `"hello\nworld"`, "hello\nworld"},
		{"empty string", `""`, ""},
		{"Bash stdout", `{"stdout":"out","stderr":"","interrupted":false}`, "out"},
		{"Bash stdout and stderr", `{"stdout":"out","stderr":"warn"}`, "out\n[stderr]\nwarn"},
		{"Bash empty stdout", `{"stdout":"","stderr":"only err"}`, "\n[stderr]\nonly err"},
		{"Read file", `{"type":"text","file":{"filePath":"/a.go","content":"package a\n","numLines":1}}`, "package a\n"},
		{"MCP content blocks", `{"content":[{"type":"text","text":"one"},{"type":"image","data":"…"},{"type":"text","text":"two"}]}`, "one\ntwo"},
		{"bare block list", `[{"type":"text","text":"a"},{"type":"text","text":"b"}]`, "a\nb"},
		{"content without text blocks", `{"content":[{"type":"image","data":"x"}]}`, "{\n  \"content\": [\n    {\n      \"type\": \"image\",\n      \"data\": \"x\"\n    }\n  ]\n}"},
		{"string content", `{"content":"plain"}`, "{\n  \"content\": \"plain\"\n}"},
		{"other JSON", `{"matches":["a","b"],"count":2}`, "{\n  \"matches\": [\n    \"a\",\n    \"b\"\n  ],\n  \"count\": 2\n}"},
		{"number", `42`, "42"},
		{"not JSON", `not json`, "not json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Render(json.RawMessage(tt.raw)); got != tt.want {
				t.Errorf("Render(%s) = %q, want %q", tt.raw, got, tt.want)
			}
		})
	}
}
