package configedit

import (
	"strings"
	"testing"
)

func TestFold(t *testing.T) {
	tests := []struct {
		name, legacy, unified string
		want                  string // the new unified document, or "error: …"
		moved, notes          string
	}{
		{"into nothing", `{"preset": "minimal", "zones": {"red": 450000}}`, ``,
			"{\n  \"statusline\": {\n    \"preset\": \"minimal\",\n    \"zones\": {\n      \"red\": 450000\n    }\n  }\n}\n",
			"statusline.preset,statusline.zones.red", ""},
		{"unified wins", `{"preset": "minimal"}`, `{"statusline": {"preset": "standard"}}`,
			`{"statusline": {"preset": "standard"}}`, "", "statusline.preset: kept the value of the unified file"},
		{"verbatim values", `{"prices": {"opus":  {"input": 15}}}`, `{"statusline": {}}`,
			`{"statusline": {"prices": {"opus":  {"input": 15}}}}`, "statusline.prices", ""},
		{"new section laid out", `{"prices": {"opus":  {"input": 15}}}`, `{}`,
			"{\n  \"statusline\": {\n    \"prices\": {\n      \"opus\": {\n        \"input\": 15\n      }\n    }\n  }\n}", "statusline.prices", ""},
		{"bad and unknown skipped", `{"maxBarSegments": "wide", "shiny": 1, "zones": 3}`, `{}`, `{}`, "",
			`statusline.maxBarSegments: expected an integer, got "wide"; not copied|statusline.shiny: unknown key; not copied|statusline.zones: expected an object; not copied`},
		{"legacy not JSON", `{"preset": `, `{}`, "error: legacy.json: invalid JSON", "", ""},
	}
	for _, tt := range tests {
		next, moved, notes, err := Fold([]byte(tt.legacy), []byte(tt.unified), "legacy.json")
		got := string(next)
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != tt.want && !(strings.HasPrefix(tt.want, "error: ") && strings.HasPrefix(got, tt.want)) {
			t.Errorf("%s: document\ngot  %q\nwant %q", tt.name, got, tt.want)
		}
		if m, n := strings.Join(moved, ","), strings.Join(notes, "|"); err == nil && (m != tt.moved || n != tt.notes) {
			t.Errorf("%s: moved %q notes %q, want %q %q", tt.name, m, n, tt.moved, tt.notes)
		}
	}
}

func TestExplain(t *testing.T) {
	rows := Effective(defaultCfg(), nil, Sources{Unified: []byte(`{"taskChange": {"minTokens": 150000}}`)})
	r, _ := Find(rows, "taskChange.minTokens")
	r.Value = 150000.0
	got := Explain(r, map[string]string{FromFile: "/h/c.json"})
	want := "taskChange.minTokens (\"Task-change minimum tokens\" in si config)\n" +
		"  Context tokens below which the detector stays silent.\n" +
		"  type:     an integer from 0 to 10000000 (250k and 1.5m work)\n" +
		"  default:  100000\n" +
		"  current:  150000 (file /h/c.json)\n" +
		"  change:   si set taskChange.minTokens VALUE   ·   si reset taskChange.minTokens\n"
	if got != want {
		t.Errorf("Explain:\n%s\nwant\n%s", got, want)
	}
	r, _ = Find(rows, "compact.autoblock")
	if got := Explain(r, nil); !strings.Contains(got, "  env:      CLAUDE_COMPACT_AUTOBLOCK (wins over the files)\n") ||
		!strings.Contains(got, "  type:     true or false\n") {
		t.Errorf("Explain compact.autoblock:\n%s", got)
	}
}
