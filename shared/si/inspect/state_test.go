package inspect

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDoctorDamaged: a state file moved aside is named, with what to do,
// as a warning (nothing is broken: it was started afresh).
func TestDoctorDamaged(t *testing.T) {
	w := newWorld(t)
	expect(t, w.doctor(), "damaged state", OK, "no state file")
	o := w.options()
	w.write(filepath.Join(o.Dirs.State, "sessions", "s1", "state.json.damaged-20261204T170000"), "garbage")
	w.write(filepath.Join(o.Dirs.Logs, "compact-history.jsonl.damaged-20261204T170001", "inside"), "x")
	checks := w.doctor()
	expect(t, checks, "damaged state", Warn, "2 damaged state files were moved aside")
	c := checks["damaged state"]
	if !strings.Contains(c.Detail, filepath.FromSlash("~/.claude/session-intelligence/sessions/s1/state.json.damaged-20261204T170000")) ||
		!strings.Contains(c.Detail, "compact-history.jsonl.damaged-20261204T170001") || strings.Contains(c.Detail, "inside") {
		t.Errorf("detail = %q", c.Detail)
	}
}

// TestDoctorAfterClaudeRemovedIt: our records name the plugin, Claude
// Code's registry no longer does: doctor says it is gone and lists what
// is left (the CLAUDE.md blocks, si and ai on PATH), without the checks
// of a working install.
func TestDoctorAfterClaudeRemovedIt(t *testing.T) {
	w := newWorld(t)
	w.write(filepath.Join(w.home, ".claude", "session-intelligence", "statusline.json"), `{"binary":"x","plugin":"session-intelligence@session-intelligence"}`)
	w.write(filepath.Join(w.home, ".claude", "session-intelligence", "bootstrap.json"),
		`{"claudeMd":{"/a/CLAUDE.md":{"managed":true},"/b/CLAUDE.md":{"managed":true},"/c/CLAUDE.md":{"managed":false}}}`)
	link := filepath.Join(w.home, ".local", "bin", "si")
	w.write(link, "#!/bin/sh\n")
	w.write(filepath.Join(w.home, ".claude", "session-intelligence", "onpath.json"), `{"dir":"`+js(filepath.Dir(link))+`","entries":{"si":{"path":"`+js(link)+`","target":"x","kind":"link"}}}`)
	checks := w.doctor()
	expect(t, checks, "plugin", Fail, "session-intelligence@session-intelligence is no longer installed in Claude Code")
	expect(t, checks, "left behind", Warn, "the rules block in 2 CLAUDE.md files; si and ai on your PATH ("+link+")")
	if c := checks["left behind"]; !strings.Contains(c.Fix, "si uninstall") {
		t.Errorf("left behind: fix %q", c.Fix)
	}
	for _, name := range []string{"hook SessionStart", "/si command", "status line"} {
		if _, ok := checks[name]; ok {
			t.Errorf("doctor still checks %q after the removal", name)
		}
	}
	w.installPlugin()
	if _, ok := w.doctor()["left behind"]; ok {
		t.Errorf("an installed plugin is reported removed")
	}
}

// TestDoctorCountsModelCalls: doctor counts the ledger's calls of the
// last day and week, by what made them, and names every switch.
func TestDoctorCountsModelCalls(t *testing.T) {
	w := newWorld(t)
	now := time.Now()
	var lines []string
	for i, by := range []string{"ai memory fold (background)", "ai memory fold (background)", "ai agent build (background)", "task-change tie-breaker"} {
		lines = append(lines, fmt.Sprintf(`{"t":%d,"by":%q,"model":"sonnet"}`, now.Add(-time.Duration(i)*time.Hour).Unix(), by))
	}
	lines = append(lines, fmt.Sprintf(`{"t":%d,"by":"ai notes summarise (background)","model":"sonnet"}`, now.Add(-72*time.Hour).Unix()))
	w.claude("session-intelligence/model-calls.jsonl", strings.Join(lines, "\n")+"\n")
	w.write(filepath.Join(w.home, ".ai", "ai.toml"), "[summariser]\nbackground = false\nmodel = \"haiku\"\n")
	expect(t, w.doctor(), "model calls", OK, "4 in the last 24 hours (ai memory fold (background) 2, ai agent build (background) 1, task-change tie-breaker 1), 5 in the last 7 days, the last ")
	expect(t, w.doctor(), "model calls", OK, "ai's background summaries with claude -p --model haiku: memory folds and notes topics off ([summariser] background in ai.toml), agent threads after each turn on ([chat] background); the task-change tie-breaker (claude-haiku-4-5) off (taskChange.semanticFallback)")
}
