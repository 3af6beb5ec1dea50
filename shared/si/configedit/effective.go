package configedit

import (
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

// The sources a value can come from, lowest precedence first.
const (
	FromDefault = "default"
	FromLegacy  = "legacy"
	FromFile    = "file"
	FromEnv     = "env"
)

// Sources are the raw inputs behind an effective configuration.
type Sources struct {
	Legacy  []byte // statusline-intel.json, nil when missing
	Unified []byte // session-intelligence.json, nil when missing
	Getenv  func(string) string
}

// Row is one key of the effective configuration.
type Row struct {
	Key     config.Key
	Value   any    // effective value, decoded JSON
	Default any    // built-in value, decoded JSON
	Source  string // FromDefault, FromLegacy, FromFile or FromEnv
	EnvVar  string // the variable that set it, when Source is FromEnv
}

// Changed reports whether the value differs from the built-in default.
func (r Row) Changed() bool { return config.Format(r.Value) != config.Format(r.Default) }

// Effective lists every key of cfg (the configuration loaded from src,
// with probs the problems found while loading) with its default and the
// layer it comes from, in table order.
func Effective(cfg config.Config, probs []config.Problem, src Sources) []Row {
	cur, def := tree(cfg), tree(config.Default())
	rows := make([]Row, 0, len(config.Keys))
	for _, k := range config.Keys {
		r := Row{Key: k, Value: walk(cur, k.Path), Default: walk(def, k.Path), Source: FromDefault}
		switch {
		case envSets(k, probs, src.Getenv) != "":
			r.Source, r.EnvVar = FromEnv, envSets(k, probs, src.Getenv)
		case fileSets(src.Unified, k, ""):
			r.Source = FromFile
		case fileSets(src.Legacy, k, "statusline"):
			r.Source = FromLegacy
		}
		rows = append(rows, r)
	}
	return rows
}

// Find returns the row of a key.
func Find(rows []Row, path string) (Row, bool) {
	i := slices.IndexFunc(rows, func(r Row) bool { return r.Key.Path == path })
	if i < 0 {
		return Row{}, false
	}
	return rows[i], true
}

// envSets names the variable that overrides k, or "" when none does
// (unset, or rejected by the loader).
func envSets(k config.Key, probs []config.Problem, getenv func(string) string) string {
	if getenv == nil {
		return ""
	}
	if k.Path == "statusline.colors" && getenv("NO_COLOR") != "" {
		return "NO_COLOR"
	}
	if k.Env == "" || strings.TrimSpace(getenv(k.Env)) == "" {
		return ""
	}
	for _, p := range probs {
		if p.File == "environment" && p.Key == k.Env {
			return ""
		}
	}
	return k.Env
}

// fileSets reports whether doc holds a valid value for k. under is the
// section the whole document sits in ("statusline" for the legacy file).
func fileSets(doc []byte, k config.Key, under string) bool {
	path := k.Path
	if under != "" {
		rest, ok := strings.CutPrefix(path, under+".")
		if !ok {
			return false
		}
		path = rest
	}
	paths := [][]string{strings.Split(path, ".")}
	if rest, ok := strings.CutPrefix(path, "learning."); ok {
		paths = append(paths, []string{"learn", rest}) // older name, still read
	}
	for _, p := range paths {
		if raw, ok := settingsjson.Get(doc, p...); ok {
			var v any
			if jsonx.Unmarshal(raw, &v) == nil && k.Check(v) == "" {
				return true
			}
		}
	}
	return false
}

// tree decodes cfg into nested maps once, so each key is a cheap walk.
func tree(cfg config.Config) map[string]any {
	data, _ := jsonx.Marshal(cfg)
	var m map[string]any
	_ = jsonx.Unmarshal(data, &m)
	return m
}

// walk follows a dotted path through nested maps.
func walk(m map[string]any, path string) any {
	var node any = m
	for _, part := range strings.Split(path, ".") {
		obj, ok := node.(map[string]any)
		if !ok {
			return nil
		}
		node = obj[part]
	}
	return node
}
