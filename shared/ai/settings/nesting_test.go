package settings

import (
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

func TestCheckNesting(t *testing.T) {
	deep := func(open, close string, n int) string {
		return "a = " + strings.Repeat(open, n) + "1" + strings.Repeat(close, n) + "\n"
	}
	tests := []struct {
		name string
		doc  string
		ok   bool
	}{
		{"flat", "[memory]\nfold = true\n[[x]]\ny = [1, {a = 2}]\n", true},
		{"32 arrays", deep("[", "]", 32), true},
		{"33 arrays", deep("[", "]", 33), false},
		{"33 inline tables", deep("{b = ", "}", 33), false},
		{"200,000 inline tables", deep("{b = ", "}", 200_000), false},
		{"brackets in strings", `a = "` + strings.Repeat("[", 100) + `"` + "\nb = '" + strings.Repeat("{", 100) + "'\n", true},
		{"brackets in a multi-line string", "a = \"\"\"\n" + strings.Repeat("[", 100) + "\n\"\"\"\n", true},
		{"brackets in a comment", "# " + strings.Repeat("[", 100) + "\na = 1\n", true},
		{"escaped quote", `a = "x\"` + strings.Repeat("[", 100) + `"` + "\n", true},
		{"unbalanced closers", "]]]]}}}}\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := checkNesting([]byte(tt.doc)); (err == nil) != tt.ok {
				t.Errorf("checkNesting = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

// deepSettings is a settings file of 20,000 nested inline tables: 100
// KB, under the size cap, but enough to keep the TOML decoder busy for
// minutes.
func deepSettings() string {
	return "a = " + strings.Repeat("{b = ", 20_000) + "1" + strings.Repeat("}", 20_000) + "\n"
}

// TestDeepSettingsRefused: deepSettings is refused before the decoder
// sees it (BenchmarkDeepSettings times the refusal).
func TestDeepSettingsRefused(t *testing.T) {
	_, err := Parse(strings.NewReader(deepSettings()), "/p/ai.toml", User)
	if err == nil || !strings.Contains(err.Error(), "nested deeper") {
		t.Fatalf("Parse = %v, want a nesting refusal", err)
	}
}

// BenchmarkDeepSettings: a refusal that let the decoder start would take
// seconds per op here.
func BenchmarkDeepSettings(b *testing.B) {
	doc := deepSettings()
	for b.Loop() {
		if _, err := Parse(strings.NewReader(doc), "/p/ai.toml", User); err == nil {
			b.Fatal("not refused")
		}
	}
}

// FuzzCheckNesting: whatever the input, the check returns, and anything
// it lets through decodes (or fails) within the TOML decoder's own time.
func FuzzCheckNesting(f *testing.F) {
	for _, s := range []string{"a = [[1]]\n", "a = {b = {c = 1}}\n", "a = \"\"\"[\"\"\"\n", "a = '''{'''\n", "# [\n", "a = \"\\\"[\"\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if checkNesting(data) != nil {
			return
		}
		var v map[string]any
		_, _ = toml.Decode(string(data), &v)
	})
}
