package configedit

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

func key(t *testing.T, path string) config.Key {
	t.Helper()
	k, ok := config.Lookup(path)
	if !ok {
		t.Fatalf("no key %s", path)
	}
	return k
}

func TestParse(t *testing.T) {
	tests := []struct {
		key, raw string
		want     string // the value as JSON, or "error: <substring>"
	}{
		{"compact.autoblock", "false", "false"},
		{"compact.autoblock", " TRUE ", "true"},
		{"compact.autoblock", "1", "error: expected true or false, got 1"},
		{"compact.autoblock", "maybe", `error: expected true or false, got "maybe"`},
		{"taskChange.minTokens", "250k", "250000"},
		{"taskChange.minTokens", "250K", "250000"},
		{"statusline.contextCap", "1.5m", "1500000"},
		{"taskChange.minTokens", "0.1k", "100"},
		{"taskChange.minTokens", "150000", "150000"},
		{"taskChange.minTokens", "1.5", "error: expected a whole number, got 1.5"},
		{"taskChange.minTokens", "lots", `error: expected an integer, got "lots"`},
		{"taskChange.minTokens", "20m", "error: 20000000 is out of range [0, 10000000]"},
		{"compact.threshold", "-1", "error: -1 is out of range [1, 10000]"},
		{"taskChange.sameDomainScore", "0.45", "0.45"},
		{"taskChange.sameDomainScore", "2", "error: 2 is out of range [0, 1]"},
		{"statusline.preset", "minimal", `"minimal"`},
		{"statusline.preset", "Verbose-Cache", `"verbose-cache"`},
		{"statusline.preset", `"standard"`, `"standard"`},
		{"statusline.preset", "huge", `error: expected one of minimal, standard, verbose, verbose-cache, got "huge"`},
		{"statusline.separator", " | ", `" | "`},
		{"statusline.separator", `" · "`, `" · "`},
		{"taskChange.haikuModel", "claude-haiku-4-5", `"claude-haiku-4-5"`},
		{"shape.preserveGlobs", "src/**, docs/**", `["src/**","docs/**"]`},
		{"shape.preserveGlobs", `["a", "b"]`, `["a","b"]`},
		{"shape.preserveGlobs", "", `[]`},
		{"shape.preserveGlobs", `[1]`, "error: expected an array of strings, item 0 is 1"},
		{"statusline.prices", `{"input": 3}`, `{"input":3}`},
		{"statusline.prices", `{"input": 3`, `error: expected an object, got "{\"input\": 3"`},
		{"statusline.serviceHealth", `[{"name":"api","url":"https://x"}]`, `[{"name":"api","url":"https://x"}]`},
		{"statusline.serviceHealth", `{}`, "error: expected an array of objects, got an object"},
		{"compact.threshold", strings.Repeat("1", MaxValue+1), "error: value longer than 64 KB"},
	}
	for _, tt := range tests {
		v, err := Parse(key(t, tt.key), tt.raw)
		got := config.Format(v)
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != tt.want {
			t.Errorf("Parse(%s, %q) = %s, want %s", tt.key, tt.raw, got, tt.want)
		}
	}
}

func TestResolve(t *testing.T) {
	tests := []struct{ name, want string }{
		{"compact.threshold", ""},
		{"compact.treshold", "compact.treshold: unknown key; did you mean compact.threshold?"},
		{"treshold", "treshold: unknown key; did you mean compact.threshold?"},
		{"Compact.Threshold", "Compact.Threshold: unknown key; did you mean compact.threshold?"},
		{"taskchange", "taskchange: unknown key; did you mean taskChange?"},
		{"statusline.zone.red", "statusline.zone.red: unknown key; did you mean statusline.zones.red?"},
		{"debug", "debug: a section, not a key; its keys: debug.enabled, debug.quiet"},
		{"statusline.zones", "statusline.zones: a section, not a key; its keys: statusline.zones.yellow, statusline.zones.orange, statusline.zones.red"},
		{strings.Repeat("x", 10_000), "unknown key"},
		{"zz", "zz: unknown key"},
	}
	for _, tt := range tests {
		_, err := Resolve(tt.name)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if (tt.want == "" && got != "") || !strings.Contains(got, tt.want) {
			t.Errorf("Resolve(%.20q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestSections(t *testing.T) {
	got := Sections()
	seen := map[string]bool{}
	for _, s := range got {
		if seen[s] || strings.Contains(s, ".") {
			t.Errorf("Sections() = %v: %q repeated or dotted", got, s)
		}
		seen[s] = true
	}
	for _, k := range config.Keys {
		if top, _, _ := strings.Cut(k.Path, "."); !seen[top] {
			t.Errorf("Sections() = %v lacks %s", got, top)
		}
	}
	if got[0] != "statusline" || !seen["taskChange"] || !seen["debug"] {
		t.Errorf("Sections() = %v", got)
	}
	if !IsSection("statusline.zones") || IsSection("compact.threshold") || IsSection("") || IsSection("nope") {
		t.Error("IsSection is wrong")
	}
}
