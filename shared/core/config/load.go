package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// MaxFile caps how much of a configuration file is read.
const MaxFile = 1 << 20

// Problem is one thing wrong with a configuration source. The value it
// names was ignored and its default used.
type Problem struct {
	File string // path of the file, or "environment"
	Key  string // dotted key, or "" for the whole file
	Msg  string
}

// Error formats the problem as "file: key: msg".
func (p Problem) Error() string {
	if p.Key == "" {
		return p.File + ": " + p.Msg
	}
	return p.File + ": " + p.Key + ": " + p.Msg
}

// Files names the configuration files to read; empty names are skipped.
type Files struct {
	Legacy  string // statusline-intel.json, folded into "statusline"
	Unified string // session-intelligence.json
}

// Load reads the files, applies the environment and returns the effective
// configuration with every problem found. It never writes anything.
func Load(files Files, getenv func(string) string) (Config, []Problem) {
	cfg := Default()
	var probs []Problem
	if files.Legacy != "" {
		probs = append(probs, mergeFile(&cfg, files.Legacy, "statusline")...)
	}
	if files.Unified != "" {
		probs = append(probs, mergeFile(&cfg, files.Unified, "")...)
	}
	probs = append(probs, applyEnv(&cfg, getenv)...)
	return cfg, probs
}

// mergeFile merges one file into cfg; a missing file is not a problem.
func mergeFile(cfg *Config, path, under string) []Problem {
	f, _, err := fsutil.OpenRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return []Problem{{File: path, Msg: err.Error()}}
	}
	defer f.Close()
	return Merge(cfg, f, path, under)
}

// Merge validates the JSON document in r against [Keys] and merges the
// valid values into cfg. under nests the document below a section (the
// legacy file holds only status-line keys). name labels problems.
func Merge(cfg *Config, r io.Reader, name, under string) []Problem {
	data, err := io.ReadAll(io.LimitReader(r, MaxFile+1))
	if err != nil {
		return []Problem{{File: name, Msg: err.Error()}}
	}
	if len(data) > MaxFile {
		return []Problem{{File: name, Msg: fmt.Sprintf("larger than %d bytes; ignored", MaxFile)}}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	var doc map[string]any
	if err := jsonx.Unmarshal(data, &doc); err != nil {
		return []Problem{{File: name, Msg: "invalid JSON: " + describeJSONError(data, err) + "; whole file ignored"}}
	}
	if under != "" {
		doc = map[string]any{under: doc}
	}
	foldAliases(doc)
	probs := clean(doc, "", name)
	err = assign(reflect.ValueOf(cfg).Elem(), doc)
	if setsZones(doc) {
		cfg.Statusline.Zones.UserSet = cfg.Statusline.Zones.custom()
	}
	if err != nil {
		probs = append(probs, Problem{File: name, Msg: err.Error()})
	}
	return probs
}

// custom reports whether z differs from the default zones. Zones left at
// the defaults (the seeded configuration writes them out) are not the
// user's choice: they follow the context window.
func (z Zones) custom() bool {
	y, o, r := z.Custom()
	return y || o || r
}

// Custom says which borders differ from the defaults: those are the
// user's, each exact; a border left at its default follows the session.
func (z Zones) Custom() (yellow, orange, red bool) {
	d := Default().Statusline.Zones
	return z.Yellow != d.Yellow, z.Orange != d.Orange, z.Red != d.Red
}

// setsZones reports whether a cleaned document sets any zone border.
func setsZones(doc map[string]any) bool {
	sl, _ := doc["statusline"].(map[string]any)
	z, _ := sl["zones"].(map[string]any)
	return len(z) > 0
}

// describeJSONError turns a syntax error offset into "line L column C".
func describeJSONError(data []byte, err error) string {
	var se *jsonx.SyntaxError
	if !errors.As(err, &se) {
		return err.Error()
	}
	line, col := 1, 1
	// Offset counts the offending byte itself; stop before it.
	for _, c := range data[:min(max(int(se.Offset)-1, 0), len(data))] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("%s at line %d column %d", se.Error(), line, col)
}

// foldAliases maps keys of older versions onto their current names.
func foldAliases(doc map[string]any) {
	foldClaudeMd(doc)
	if old, ok := doc["learn"].(map[string]any); ok {
		cur, _ := doc["learning"].(map[string]any)
		if cur == nil {
			cur = map[string]any{}
		}
		for k, v := range old {
			if _, set := cur[k]; !set {
				cur[k] = v
			}
		}
		doc["learning"] = cur
		delete(doc, "learn")
	}
}

// foldClaudeMd maps continue.claudeMd, the on/off switch of the CLAUDE.md
// block before continue.rules chose a place: false is continue.rules
// "off" where that is not set; true was the default.
func foldClaudeMd(doc map[string]any) {
	cont, _ := doc["continue"].(map[string]any)
	on, ok := cont["claudeMd"].(bool)
	if !ok {
		return
	}
	delete(cont, "claudeMd")
	if _, set := cont["rules"]; !set && !on {
		cont["rules"] = RulesOff
	}
}

// retired keys were used by earlier versions; they are dropped silently.
var retired = map[string]bool{
	"stopHook": true, "usageBudget": true, "shape.gitNexus": true,
	"statusline.activeRootShowAtRoot": true, "statusline.maxActiveRootLength": true,
	"taskChange.prompt": true, "taskChange.promptTimeout": true,
}

// clean walks doc, removing every value that is unknown or of the wrong
// type, and reports each removal.
func clean(doc map[string]any, prefix, file string) []Problem {
	var probs []Problem
	for name, v := range doc {
		path := strings.TrimPrefix(prefix+"."+name, ".")
		if strings.HasPrefix(name, "_") || retired[path] {
			delete(doc, name)
			continue
		}
		if k, ok := Lookup(path); ok {
			if msg := k.Check(v); msg != "" {
				probs = append(probs, Problem{File: file, Key: path, Msg: msg + "; default used"})
				delete(doc, name)
			}
			continue
		}
		if !isSection(path) {
			probs = append(probs, Problem{File: file, Key: path, Msg: "unknown key; ignored"})
			delete(doc, name)
			continue
		}
		sub, ok := v.(map[string]any)
		if !ok {
			probs = append(probs, Problem{File: file, Key: path, Msg: "expected an object; default used"})
			delete(doc, name)
			continue
		}
		probs = append(probs, clean(sub, path, file)...)
	}
	return probs
}

// isSection reports whether path is a prefix of some key.
func isSection(path string) bool {
	for _, k := range Keys {
		if strings.HasPrefix(k.Path, path+".") {
			return true
		}
	}
	return false
}
