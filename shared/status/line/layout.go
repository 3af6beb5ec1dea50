package line

import "slices"

// Presets are shorthands for field lists; an explicit statusline.fields
// always wins. The fields Claude Code sends only in some sessions
// (spendLimit through a gateway, worktree, pr) go where their kind
// already is and render nothing elsewhere, so they cost the usual layout
// nothing; sessionName, present in most sessions, is in the verbose
// preset only, on the reference line.
var Presets = map[string][]string{
	"minimal":  {"tokens"},
	"standard": {"model", "project", "tokens", "newline", "task"},
	"verbose": {
		"tokens", "compactAge", "compactCost", "newline",
		"session", "sessionId", "tools", "costSaved", "tokenFlow", "cacheHit", "newline",
		"blockUsage", "weekUsage", "pace", "spendLimit", "cwd", "newline",
		"model", "project", "sessionName", "branch", "worktree", "pr", "diffstat", "task",
	},
	"verbose-cache": {
		"tokens", "compactAge", "compactCost", "newline",
		"session", "sessionId", "tools", "costSaved", "tokenFlow", "cacheHit", "cacheTokens", "newline",
		"blockUsage", "weekUsage", "pace", "spendLimit", "cwd", "newline",
		"model", "project", "task",
	},
}

// fieldList resolves what to render: the explicit fields, else the
// preset, minus task under CLAUDE_STATUSLINE_COMPACT=1.
func fieldList(fields []string, preset string, getenv func(string) string) []string {
	list := fields
	if len(list) == 0 {
		p, ok := Presets[preset]
		if !ok {
			p = Presets["verbose"]
		}
		list = p
	}
	if getenv("CLAUDE_STATUSLINE_COMPACT") == "1" {
		list = slices.DeleteFunc(slices.Clone(list), func(f string) bool { return f == "task" })
	}
	return list
}

// lines splits a field list at the "newline" pseudo-field.
func lines(list []string) [][]string {
	out := [][]string{nil}
	for _, f := range list {
		if f == "newline" {
			out = append(out, nil)
			continue
		}
		out[len(out)-1] = append(out[len(out)-1], f)
	}
	return out
}
