package config

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// extremes are values at every edge and of every JSON type; each is
// tried at every key of [Keys], so a new key is covered by itself.
func extremes() map[string]any {
	huge := strings.Repeat("x", 256<<10) // past every cap of a value, within the file's
	many := make([]any, 20_000)
	for i := range many {
		many[i] = "**/x"
	}
	return map[string]any{
		"1e308": 1e308, "-1e308": -1e308, "-1": -1.0, "0": 0.0, "1e19": 1e19, "half": 0.5, "tiny": 5e-324,
		`"NaN"`: "NaN", `"Infinity"`: "Infinity", `"-Infinity"`: "-Infinity", `"1e308"`: "1e308",
		"huge string": huge, "empty string": "", "true": true, "null": nil,
		"[]": []any{}, "[1e308]": []any{1e308}, "huge list": many, "[huge string]": []any{huge},
		"{}": map[string]any{}, `{"x":1e308}`: map[string]any{"x": 1e308},
		`{"input":1e308}`:            map[string]any{"input": 1e308},
		`{"claude":{"input":1e308}}`: map[string]any{"claude": map[string]any{"input": 1e308}},
		`{"claude":{"input":-1}}`:    map[string]any{"claude": map[string]any{"input": -1.0}},
		`[{"ttlSec":1e308}]`:         []any{map[string]any{"name": "x", "url": "https://x", "ttlSec": 1e308}},
		`[{"name":huge}]`:            []any{map[string]any{"name": huge}},
		`{huge path:{}}`:             map[string]any{"/" + huge: map[string]any{}},
		`{"/p":{"perProject":{}}}`:   map[string]any{"/p": map[string]any{"perProject": map[string]any{}}},
		`{"/p":{"unknown":1}}`:       map[string]any{"/p": map[string]any{"unknown": 1.0}},
		`{"/p":"not an object"}`:     map[string]any{"/p": "not an object"},
	}
}

// perProjectExtremes are the extremes at every key of the section that
// a perProject entry holds: {"/p": {<key>: <extreme>}}.
func perProjectExtremes(section string) map[string]any {
	out := map[string]any{}
	for _, k := range Keys {
		rest, ok := strings.CutPrefix(k.Path, section+".")
		if !ok || strings.HasSuffix(rest, "perProject") {
			continue
		}
		for name, v := range extremes() {
			var entry any = v
			parts := strings.Split(rest, ".")
			for i := len(parts) - 1; i >= 0; i-- {
				entry = map[string]any{parts[i]: entry}
			}
			out[rest+"="+name] = map[string]any{"/p": entry}
		}
	}
	return out
}

// nest puts v at the dotted path of a document.
func nest(path string, v any) []byte {
	var doc any = v
	parts := strings.Split(path, ".")
	for i := len(parts) - 1; i >= 0; i-- {
		doc = map[string]any{parts[i]: doc}
	}
	data, err := jsonx.Marshal(doc)
	if err != nil {
		panic(err)
	}
	return data
}

// TestEveryKeyAtEveryExtreme: a value at any extreme of any key is
// either refused with the key named or taken within the key's bounds;
// the effective configuration never holds a NaN or an infinity (it
// always encodes), and no other key changes.
func TestEveryKeyAtEveryExtreme(t *testing.T) {
	defaults := valuesOf(Default())
	for _, k := range Keys {
		values := extremes()
		if section, ok := strings.CutSuffix(k.Path, ".perProject"); ok {
			for name, v := range perProjectExtremes(section) {
				values[name] = v
			}
		}
		for name, v := range values {
			cfg := Default()
			probs := Merge(&cfg, bytes.NewReader(nest(k.Path, v)), "f.json", "")
			named := false
			for _, p := range probs {
				if p.Key != k.Path {
					t.Errorf("%s = %s: a problem names another key: %v", k.Path, name, p)
				}
				named = true
			}
			checkEffective(t, k, name, cfg, named)
			got := valuesOf(cfg)
			for path, want := range defaults {
				if path != k.Path && !reflect.DeepEqual(got[path], want) {
					t.Errorf("%s = %s changed %s to %v", k.Path, name, path, got[path])
				}
			}
		}
	}
}

// valuesOf is every key's value in cfg, decoded once.
func valuesOf(cfg Config) map[string]any {
	data, err := jsonx.Marshal(cfg)
	if err != nil {
		return nil
	}
	var doc any
	_ = jsonx.Unmarshal(data, &doc)
	out := map[string]any{}
	for _, k := range Keys {
		node := doc
		for _, part := range strings.Split(k.Path, ".") {
			m, _ := node.(map[string]any)
			node = m[part]
		}
		out[k.Path] = node
	}
	return out
}

// checkEffective: the configuration encodes (nothing non-finite), and a
// value taken passes its key's check and its consumers.
func checkEffective(t *testing.T, k Key, name string, cfg Config, refused bool) {
	t.Helper()
	if _, err := jsonx.Marshal(cfg); err != nil {
		t.Fatalf("%s = %s: the configuration does not encode: %v", k.Path, name, err)
	}
	values := valuesOf(cfg)
	got := values[k.Path]
	if msg := k.Check(got); msg != "" {
		t.Errorf("%s = %s: taken as %v, which fails its check (%s); refused=%v", k.Path, name, describe(got), msg, refused)
	}
	for model, p := range pricing.Default().WithOverrides(cfg.Statusline.Prices) {
		u := pricing.Usage{Input: math.MaxInt32, Output: math.MaxInt32, CacheWrite: math.MaxInt32, CacheRead: math.MaxInt32}
		if c := p.Cost(u); math.IsInf(c, 0) || math.IsNaN(c) {
			t.Errorf("%s = %s: %s costs %v", k.Path, name, model, c)
		}
	}
	if !strings.HasSuffix(k.Path, "perProject") {
		return // the per-project settings are the global ones
	}
	per := valuesOf(Config{Statusline: cfg.StatuslineFor("/p/sub")})
	if per == nil {
		t.Fatalf("%s = %s: the per-project status line settings do not encode", k.Path, name)
	}
	for _, sk := range Keys {
		if strings.HasPrefix(sk.Path, "statusline.") && !strings.HasSuffix(sk.Path, "perProject") {
			if msg := sk.Check(per[sk.Path]); msg != "" {
				t.Errorf("%s = %s: per project, %s is %v (%s)", k.Path, name, sk.Path, describe(per[sk.Path]), msg)
			}
		}
	}
	shape := cfg.Shape.For("/p/sub")
	if math.IsNaN(shape.WarmScoreCutoff) || shape.RootDirDepth < 1 || shape.RootDirDepth > 5 {
		t.Errorf("%s = %s: per project, shape is %+v", k.Path, name, shape)
	}
}

// TestEveryEnvAtEveryExtreme: an environment variable can spell what
// JSON cannot (NaN, Infinity, 1e999); each is refused with the variable
// named, or taken within bounds.
func TestEveryEnvAtEveryExtreme(t *testing.T) {
	values := []string{"NaN", "nan", "Infinity", "-Infinity", "+Inf", "1e999", "1e308", "-1e308", "-1", "0x10", strings.Repeat("9", 400), strings.Repeat("x", 1<<20), "1,2,3"}
	for _, k := range Keys {
		if k.Env == "" {
			continue
		}
		for _, raw := range values {
			cfg, probs := Load(Files{}, env(map[string]string{k.Env: raw}))
			named := false
			for _, p := range probs {
				if p.Key != k.Env {
					t.Errorf("%s=%.20s: a problem names another key: %v", k.Env, raw, p)
				}
				named = true
			}
			checkEffective(t, k, k.Env+"="+raw[:min(len(raw), 20)], cfg, named)
		}
	}
}

// TestNonFiniteSaysSo: the message for a number JSON cannot hold names
// what is wrong, not the encoder's complaint.
func TestNonFiniteSaysSo(t *testing.T) {
	_, probs := Load(Files{}, env(map[string]string{"CLAUDE_STATUSLINE_PRESET": "verbose", "COMPACT_THRESHOLD": "NaN", "CLAUDE_RELAY_MARGIN": "Infinity"}))
	if len(probs) != 2 {
		t.Fatalf("problems = %v", probs)
	}
	for _, p := range probs {
		if !strings.Contains(p.Msg, "expected a finite number") {
			t.Errorf("%v: want it to say a finite number was expected", p)
		}
	}
}
