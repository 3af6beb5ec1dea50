package configedit

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

func TestEffectiveSources(t *testing.T) {
	legacy := []byte(`{"preset": "minimal", "zones": {"red": 450000}, "maxBarSegments": "wide"}`)
	unified := []byte(`{"compact": {"threshold": 80, "autoblock": "no"}, "statusline": {"zones": {"red": 500000}}, "learn": {"announce": true}}`)
	env := map[string]string{"COMPACT_THRESHOLD": "120", "CLAUDE_INTEL_DEBUG": "maybe", "NO_COLOR": "1"}
	getenv := func(k string) string { return env[k] }
	cfg := config.Default()
	probs := config.Merge(&cfg, strings.NewReader(string(legacy)), "legacy", "statusline")
	probs = append(probs, config.Merge(&cfg, strings.NewReader(string(unified)), "unified", "")...)
	// The env problem the loader would report for the bad debug value.
	probs = append(probs, config.Problem{File: "environment", Key: "CLAUDE_INTEL_DEBUG", Msg: "bad"})
	cfg.Compact.Threshold = 120
	rows := Effective(cfg, probs, Sources{Legacy: legacy, Unified: unified, Getenv: getenv})
	if len(rows) != len(config.Keys) {
		t.Fatalf("%d rows for %d keys", len(rows), len(config.Keys))
	}
	tests := []struct{ key, value, source, env string }{
		{"compact.threshold", "120", FromEnv, "COMPACT_THRESHOLD"},
		{"compact.autoblock", "true", FromDefault, ""}, // "no" is not a boolean
		{"statusline.zones.red", "500000", FromFile, ""},
		{"statusline.preset", `"minimal"`, FromLegacy, ""},
		{"statusline.maxBarSegments", "20", FromDefault, ""},
		{"learning.announce", "true", FromFile, ""}, // the older "learn" name
		{"debug.enabled", "false", FromDefault, ""}, // the loader refused the variable
		{"statusline.colors", "true", FromEnv, "NO_COLOR"},
	}
	for _, tt := range tests {
		r, ok := Find(rows, tt.key)
		if !ok {
			t.Fatalf("no row %s", tt.key)
		}
		if got := config.Format(r.Value); got != tt.value || r.Source != tt.source || r.EnvVar != tt.env {
			t.Errorf("%s = %s from %s %s, want %s from %s %s", tt.key, got, r.Source, r.EnvVar, tt.value, tt.source, tt.env)
		}
	}
	if r, _ := Find(rows, "compact.threshold"); !r.Changed() || config.Format(r.Default) != "50" {
		t.Errorf("compact.threshold: changed %v, default %v", r.Changed(), r.Default)
	}
	if _, ok := Find(rows, "compact"); ok {
		t.Error("Find found a section")
	}
}

func TestVerify(t *testing.T) {
	tests := []struct {
		legacy, next string
		keys         []string
		want         string
	}{
		{``, `{"statusline": {"zones": {"orange": 250000}}}`, []string{"statusline.zones.orange"}, ""},
		{``, `{"statusline": {"zones": {"orange": 450000}}}`, []string{"statusline.zones.orange"},
			"f: statusline.zones: yellow 200000 < orange 450000 < red 400000 does not hold"},
		{`{"zones": {"red": 500000}}`, `{"statusline": {"zones": {"orange": 450000}}}`, []string{"statusline.zones.orange"}, ""},
		{``, `{"statusline": {"zones": {"orange": 450000}}}`, []string{"compact.threshold"}, ""}, // not ours to judge
		{``, `{"compact": {"threshold": "x"}}`, []string{"compact"}, `f: compact.threshold: expected an integer, got "x"`},
		{``, `{"compact": {"threshold": "x"}}`, []string{"debug.enabled"}, ""},
	}
	for i, tt := range tests {
		err := Verify([]byte(tt.legacy), []byte(tt.next), "f", tt.keys)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, tt.want) || (tt.want == "") != (got == "") {
			t.Errorf("%d: Verify = %q, want %q", i, got, tt.want)
		}
	}
}

func TestChanged(t *testing.T) {
	old := []byte(`{"compact": {"threshold": 50, "autoblock": false}}`)
	next := []byte(`{"compact": {"threshold": 60}}`)
	got := Changed(nil, old, next, []string{"compact.threshold", "compact.autoblock", "debug.enabled"})
	if strings.Join(got, ",") != "compact.threshold,compact.autoblock" {
		t.Errorf("Changed = %v", got)
	}
	// A reset that lets the legacy value through is still a change.
	got = Changed([]byte(`{"preset": "minimal"}`), []byte(`{"statusline": {"preset": "minimal"}}`), []byte(`{}`), []string{"statusline.preset"})
	if len(got) != 0 {
		t.Errorf("same effective value reported as changed: %v", got)
	}
}

func defaultCfg() config.Config { return config.Default() }
