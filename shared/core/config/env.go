package config

import (
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"strconv"
	"strings"
)

// envFile labels problems that come from environment variables.
const envFile = "environment"

// inverted keys are switched off by a true-ish variable (…_NO_COLOR=1).
var inverted = map[string]bool{"CLAUDE_STATUSLINE_NO_COLOR": true}

// applyEnv applies every key's environment override; env vars win over
// the files so that CI and one-off runs can change behaviour.
func applyEnv(cfg *Config, getenv func(string) string) []Problem {
	var probs []Problem
	for _, k := range Keys {
		raw := strings.TrimSpace(getenv(k.Env))
		if k.Env == "" || raw == "" {
			continue
		}
		v, msg := k.fromEnv(raw)
		if msg == "" {
			msg = k.Check(v)
		}
		if msg != "" {
			probs = append(probs, Problem{File: envFile, Key: k.Env, Msg: msg + "; ignored"})
			continue
		}
		if err := set(cfg, k.Path, v); err != nil {
			probs = append(probs, Problem{File: envFile, Key: k.Env, Msg: err.Error()})
		}
		if k.Path == "statusline.preset" {
			cfg.Statusline.Fields = nil // the env preset wins over fields from the file
		}
	}
	if getenv("NO_COLOR") != "" {
		cfg.Statusline.Colors = false
	}
	return probs
}

// fromEnv converts an environment string to the JSON value the key takes.
func (k Key) fromEnv(raw string) (any, string) {
	switch k.Kind {
	case Bool:
		b, ok := parseBool(raw)
		if !ok {
			return nil, "expected 0 or 1, got " + strconv.Quote(raw)
		}
		if inverted[k.Env] {
			b = !b
		}
		return b, ""
	case Int, Float:
		f, err := strconv.ParseFloat(raw, 64)
		if err != nil {
			return nil, "expected a number, got " + strconv.Quote(raw)
		}
		return f, ""
	case Strings:
		var list []any
		for _, s := range strings.Split(raw, ",") {
			if s = strings.TrimSpace(s); s != "" {
				list = append(list, s)
			}
		}
		return list, ""
	}
	return raw, ""
}

func parseBool(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "1", "true", "yes", "on":
		return true, true
	case "0", "false", "no", "off":
		return false, true
	}
	return false, false
}

// set assigns one validated value at a dotted path.
func set(cfg *Config, path string, v any) error {
	parts := strings.Split(path, ".")
	var doc any = v
	for i := len(parts) - 1; i >= 0; i-- {
		doc = map[string]any{parts[i]: doc}
	}
	data, err := jsonx.Marshal(doc)
	if err != nil {
		return err
	}
	if k, ok := Lookup(path); ok && (k.Kind == Strings || k.Kind == Objects) {
		clearList(cfg, path) // lists replace, never merge
	}
	return jsonx.Unmarshal(data, cfg)
}

func clearList(cfg *Config, path string) {
	switch path {
	case "statusline.fields":
		cfg.Statusline.Fields = nil
	case "shape.preserveGlobs":
		cfg.Shape.PreserveGlobs = nil
	case "shape.dropGlobs":
		cfg.Shape.DropGlobs = nil
	case "statusline.serviceHealth":
		cfg.Statusline.ServiceHealth = nil
	}
}
