package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func writeFile(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "session-intelligence.json")
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestEveryKeyHasADefault(t *testing.T) {
	def := Default()
	for _, k := range Keys {
		v, ok := Value(def, k.Path)
		if !ok {
			t.Errorf("key %s has no default in Default()", k.Path)
			continue
		}
		if msg := k.Check(v); msg != "" {
			t.Errorf("default of %s fails its own check: %s", k.Path, msg)
		}
		if k.Doc == "" || k.Section == "" {
			t.Errorf("key %s lacks a doc or section", k.Path)
		}
	}
}

func TestLoadMergesAndValidates(t *testing.T) {
	path := writeFile(t, `{
	  "compact": {"threshold": 75, "autoblock": "no"},
	  "statusline": {"zones": {"orange": 350000}, "fields": ["tokens", "newline", "task"], "bogus": 1},
	  "shape": {"dropGlobs": ["**/*.log"], "warmScoreCutoff": 2},
	  "learn": {"announce": true},
	  "stopHook": {"enabled": true},
	  "_comment": "ignored"
	}`)
	cfg, probs := Load(Files{Unified: path}, env(nil))
	if cfg.Compact.Threshold != 75 || !cfg.Compact.Autoblock {
		t.Errorf("compact = %+v, want threshold 75 and autoblock left at its default", cfg.Compact)
	}
	if cfg.Statusline.Zones != (Zones{Yellow: 200_000, Orange: 350_000, Red: 400_000, UserSet: true}) {
		t.Errorf("zones = %+v, want only orange changed, and set by the user", cfg.Statusline.Zones)
	}
	if !reflect.DeepEqual(cfg.Shape.DropGlobs, []string{"**/*.log"}) {
		t.Errorf("dropGlobs = %v, want the list replaced", cfg.Shape.DropGlobs)
	}
	if cfg.Shape.WarmScoreCutoff != 0.40 || !cfg.Learning.Announce {
		t.Errorf("warm cutoff %v (want default), learning %+v (want the legacy learn section folded in)", cfg.Shape.WarmScoreCutoff, cfg.Learning)
	}
	got := map[string]string{}
	for _, p := range probs {
		if p.File != path {
			t.Errorf("problem names file %q, want %q", p.File, path)
		}
		got[p.Key] = p.Msg
	}
	for key, want := range map[string]string{
		"compact.autoblock":     "expected true or false",
		"statusline.bogus":      "unknown key",
		"shape.warmScoreCutoff": "out of range",
	} {
		if !strings.Contains(got[key], want) {
			t.Errorf("problem for %s = %q, want it to say %q", key, got[key], want)
		}
	}
	if len(probs) != 3 {
		t.Errorf("problems = %v, want exactly 3", probs)
	}
}

func TestLoadInvalidJSONNamesLine(t *testing.T) {
	path := writeFile(t, "{\n  \"compact\": {\n    \"threshold\": 5,,\n  }\n}")
	cfg, probs := Load(Files{Unified: path}, env(nil))
	if cfg.Compact.Threshold != 50 {
		t.Errorf("threshold = %d, want the default when the file is invalid", cfg.Compact.Threshold)
	}
	if len(probs) != 1 || !strings.Contains(probs[0].Error(), path+": invalid JSON") || !strings.Contains(probs[0].Msg, "line 3") {
		t.Errorf("problems = %v, want one naming the file and line 3", probs)
	}
}

// TestClaudeMdSwitchFolds: the on/off continue.claudeMd of older
// versions still means what it meant: false sends the rules nowhere,
// true is the default place, and continue.rules wins when both are set.
func TestClaudeMdSwitchFolds(t *testing.T) {
	tests := []struct{ doc, want string }{
		{`{"continue": {"claudeMd": false}}`, RulesOff},
		{`{"continue": {"claudeMd": true}}`, RulesClaudeMd},
		{`{"continue": {"claudeMd": false, "rules": "context"}}`, RulesContext},
		{`{"continue": {"rules": "context"}}`, RulesContext},
		{`{}`, RulesClaudeMd},
	}
	for _, tt := range tests {
		cfg, probs := Load(Files{Unified: writeFile(t, tt.doc)}, env(nil))
		if cfg.Continue.Rules != tt.want || len(probs) != 0 {
			t.Errorf("%s: continue.rules = %q, problems %v; want %q", tt.doc, cfg.Continue.Rules, probs, tt.want)
		}
	}
}

func TestLegacyFoldsUnderStatusline(t *testing.T) {
	legacy := writeFile(t, `{"fields": ["tokens"], "maxTaskLength": 70}`)
	unified := writeFile(t, `{"statusline": {"maxTaskLength": 90}}`)
	cfg, probs := Load(Files{Legacy: legacy, Unified: unified}, env(nil))
	if len(probs) != 0 || !reflect.DeepEqual(cfg.Statusline.Fields, []string{"tokens"}) || cfg.Statusline.MaxTaskLength != 90 {
		t.Errorf("legacy fold: fields %v, maxTaskLength %d, problems %v", cfg.Statusline.Fields, cfg.Statusline.MaxTaskLength, probs)
	}
}

func TestEnvOverrides(t *testing.T) {
	file := writeFile(t, `{"statusline": {"fields": ["tokens", "model"]}, "compact": {"autoblock": true}}`)
	cfg, probs := Load(Files{Unified: file}, env(map[string]string{
		"COMPACT_THRESHOLD":              "3",
		"CLAUDE_COMPACT_AUTOBLOCK":       "0",
		"CLAUDE_STATUSLINE_PRESET":       "minimal",
		"NO_COLOR":                       "1",
		"CLAUDE_SHAPE_ROOT_DIR_DEPTH":    "9",
		"CLAUDE_TOOL_ARCHIVE_THRESHOLD":  "8192",
		"CLAUDE_INTEL_DEBUG":             "1",
		"CLAUDE_STATUSLINE_TOKEN_SOURCE": "estimate",
	}))
	if cfg.Compact.Threshold != 3 || cfg.Compact.Autoblock || cfg.Statusline.Preset != "minimal" || len(cfg.Statusline.Fields) != 0 {
		t.Errorf("env not applied: compact %+v, preset %q fields %v", cfg.Compact, cfg.Statusline.Preset, cfg.Statusline.Fields)
	}
	if cfg.Statusline.Colors || cfg.Archive.ThresholdChars != 8192 || !cfg.Debug.Enabled || cfg.Statusline.TokenSource != "estimate" {
		t.Errorf("env not applied: colors %v archive %d debug %v", cfg.Statusline.Colors, cfg.Archive.ThresholdChars, cfg.Debug.Enabled)
	}
	if cfg.Shape.RootDirDepth != 2 || len(probs) != 1 || probs[0].Key != "CLAUDE_SHAPE_ROOT_DIR_DEPTH" || probs[0].File != "environment" {
		t.Errorf("out-of-range env: depth %d, problems %v", cfg.Shape.RootDirDepth, probs)
	}
}

func TestShapeForProject(t *testing.T) {
	s := Default().Shape
	s.PreserveGlobs = []string{"docs/**"}
	s.PerProject = map[string]map[string]any{
		"/work/app":     {"warmScoreCutoff": 0.65, "preserveGlobs": []any{"api/**", "docs/**"}, "rootDirDepth": float64(3), "junk": 1},
		"/work/app/sub": {"scoring": "recency"},
		"/work":         {"scoring": "frequency", "warmScoreCutoff": 5.0},
	}
	got := s.For("/work/app/src")
	if got.WarmScoreCutoff != 0.65 || got.RootDirDepth != 3 || got.Scoring != "hybrid" {
		t.Errorf("For(/work/app/src) = cutoff %v depth %d scoring %q", got.WarmScoreCutoff, got.RootDirDepth, got.Scoring)
	}
	if !reflect.DeepEqual(got.PreserveGlobs, []string{"docs/**", "api/**"}) {
		t.Errorf("preserveGlobs = %v, want the union", got.PreserveGlobs)
	}
	if other := s.For("/elsewhere"); other.WarmScoreCutoff != 0.40 {
		t.Errorf("unrelated project got overrides: %+v", other)
	}
	if w := s.For("/work/x"); w.Scoring != "frequency" || w.WarmScoreCutoff != 0.40 {
		t.Errorf("For(/work/x) = scoring %q cutoff %v, want frequency and the invalid cutoff ignored", w.Scoring, w.WarmScoreCutoff)
	}
	if len(s.PreserveGlobs) != 1 {
		t.Error("For modified the global globs")
	}
}

// TestZonesUserSet: zones written at the defaults (the seeded file does)
// are not the user's choice; any other value is.
func TestZonesUserSet(t *testing.T) {
	for doc, want := range map[string]bool{
		`{"statusline":{"zones":{"yellow":200000,"orange":300000,"red":400000}}}`: false,
		`{"statusline":{"zones":{"orange":350000}}}`:                              true,
		`{"statusline":{"colors":false}}`:                                         false,
		`{}`:                                                                      false,
	} {
		path := filepath.Join(t.TempDir(), "c.json")
		if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
			t.Fatal(err)
		}
		cfg, _ := Load(Files{Unified: path}, env(nil))
		if cfg.Statusline.Zones.UserSet != want {
			t.Errorf("%s: UserSet = %v, want %v", doc, cfg.Statusline.Zones.UserSet, want)
		}
	}
}
