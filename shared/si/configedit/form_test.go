package configedit

import (
	"regexp"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

func TestParseReply(t *testing.T) {
	tests := []struct {
		name, reply string
		want        string // changes as path=value;…, or NONE, QUIT, or "error: …"
	}{
		{"labels and keys", "Yellow zone at = 150k\n  orange   ZONE at=250k\r\ncompact.threshold = 50\n# a comment\n\nStatus line preset = Minimal\n",
			"statusline.zones.yellow=150000;statusline.zones.orange=250000;compact.threshold=50;statusline.preset=\"minimal\""},
		{"dotted key any case", "COMPACT.AUTOBLOCK=false", "compact.autoblock=false"},
		{"key without label", "shape.preserveGlobs = a,b", `shape.preserveGlobs=["a","b"]`},
		{"value with =", `statusline.separator = " = "`, `statusline.separator=" = "`},
		{"none", "NONE\n", "NONE"},
		{"none lowercase", "  none ", "NONE"},
		{"quit wins", "Debug log = true\nquit\nnot parsed", "QUIT"},
		{"empty", "\n\n", ""},
		{"unknown label", "Yelow zone at = 1", `error: line 1: Yelow zone at: unknown setting; did you mean "Yellow zone at" (statusline.zones.yellow)?`},
		{"far from everything", "Wibble wobble = 1", "error: line 1: Wibble wobble: unknown setting (si show lists the keys)"},
		{"unknown key", "compact.treshold = 1", "error: line 1: compact.treshold: unknown setting; did you mean compact.threshold?"},
		{"no equals", "Debug log true", `error: line 1: "Debug log true": expected name = value`},
		{"bad value", "\nDebug log = perhaps", `error: line 2: debug.enabled: expected true or false, got "perhaps"`},
		{"twice", "Debug log = true\ndebug.enabled = false", "error: line 2: debug.enabled already set on line 1"},
		{"none and settings", "NONE\nDebug log = true", "error: NONE together with settings"},
		{"every error", "a = 1\nb = 2", "error: line 1: a: unknown setting (si show lists the keys)\nline 2: b: unknown setting (si show lists the keys)"},
		{"too long", strings.Repeat("#", MaxReply+1), "error: reply longer than 64 KB"},
	}
	for _, tt := range tests {
		rep, err := ParseReply(tt.reply)
		var got string
		switch {
		case err != nil:
			got = "error: " + err.Error()
		case rep.Quit:
			got = "QUIT"
		case rep.None:
			got = "NONE"
		default:
			var parts []string
			for _, c := range rep.Changes {
				parts = append(parts, c.Path+"="+config.Format(c.Value))
			}
			got = strings.Join(parts, ";")
		}
		if got != tt.want && !(strings.HasPrefix(tt.want, "error: ") && strings.HasPrefix(got, tt.want)) {
			t.Errorf("%s:\ngot  %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

func TestForm(t *testing.T) {
	cfg := config.Default()
	cfg.Compact.Threshold = 80
	cfg.Statusline.Preset = "minimal"
	form := Form(Effective(cfg, nil, Sources{}), "/h/.claude/session-intelligence.json")
	for _, want := range []string{
		`^Settings in /h/.claude/session-intelligence.json \(\* differs from the default\)\n\nStatusline\n`,
		`\nCompact\n  First advisory after calls +80 \*\n  Zone advisories +true\n`,
		`\n  Status line preset +minimal \*\n`,
		`\nTask change detection\n`,
		`NONE leaves everything as it is; QUIT aborts.\n$`,
	} {
		if !regexp.MustCompile(want).MatchString(form) {
			t.Errorf("form does not match %q:\n%s", want, form)
		}
	}
	// Values are right-aligned: every value line has the same length
	// before its mark.
	width := -1
	for _, line := range strings.Split(form, "\n") {
		if !strings.HasPrefix(line, "  ") {
			continue
		}
		if n := len(strings.TrimSuffix(line, " *")); width < 0 {
			width = n
		} else if n != width {
			t.Errorf("line %q is %d bytes wide, others %d", line, n, width)
		}
	}
	for _, k := range config.Keys {
		if k.Label == "" && strings.Contains(form, k.Path) {
			t.Errorf("form shows %s, which has no label", k.Path)
		}
	}
}
