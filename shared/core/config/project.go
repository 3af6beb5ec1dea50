package config

import (
	"bytes"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// ProjectEntry returns the perProject entry that applies to cwd: the one
// keyed by cwd itself or by its nearest ancestor.
func ProjectEntry(per map[string]map[string]any, cwd string) map[string]any {
	best, bestLen := map[string]any(nil), -1
	cwd = filepath.Clean(cwd)
	for root, entry := range per {
		root = filepath.Clean(root)
		if (cwd == root || strings.HasPrefix(cwd, root+string(filepath.Separator))) && len(root) > bestLen {
			best, bestLen = entry, len(root)
		}
	}
	return best
}

// For returns the shape settings for a project: scoring, rootDirDepth,
// warmScoreCutoff and safeDrop may be overridden, preserve and drop globs add to
// the global lists, other keys are ignored. Invalid values are skipped.
func (s Shape) For(cwd string) Shape {
	out := s
	out.PreserveGlobs = slices.Clone(s.PreserveGlobs)
	out.DropGlobs = slices.Clone(s.DropGlobs)
	entry := ProjectEntry(s.PerProject, cwd)
	for name, v := range entry {
		k, ok := Lookup("shape." + name)
		if !ok || k.Check(v) != "" {
			continue
		}
		switch name {
		case "scoring":
			out.Scoring = v.(string)
		case "rootDirDepth":
			out.RootDirDepth = int(v.(float64))
		case "warmScoreCutoff":
			out.WarmScoreCutoff = v.(float64)
		case "safeDrop":
			out.SafeDrop = v.(bool)
		case "preserveGlobs":
			out.PreserveGlobs = union(out.PreserveGlobs, v.([]any))
		case "dropGlobs":
			out.DropGlobs = union(out.DropGlobs, v.([]any))
		}
	}
	return out
}

func union(list []string, add []any) []string {
	for _, a := range add {
		if s := a.(string); !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	return list
}

// StatuslineFor returns the status line settings for a project: the
// statusline.perProject entry that applies is merged over the global
// settings (validated like the file itself); serviceHealth entries add
// to the global list.
func (c Config) StatuslineFor(cwd string) Statusline {
	entry := ProjectEntry(c.Statusline.PerProject, cwd)
	if len(entry) == 0 {
		return c.Statusline
	}
	out := c
	out.Statusline.Prices = maps.Clone(c.Statusline.Prices)
	global := slices.Clone(c.Statusline.ServiceHealth)
	doc, err := jsonx.Marshal(map[string]any{"statusline": entry})
	if err != nil {
		return c.Statusline
	}
	_ = Merge(&out, bytes.NewReader(doc), "statusline.perProject", "")
	if _, set := entry["serviceHealth"]; set {
		out.Statusline.ServiceHealth = append(global, out.Statusline.ServiceHealth...)
	}
	return out.Statusline
}
