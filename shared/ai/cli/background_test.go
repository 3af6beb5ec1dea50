package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeClaude puts an executable claude on the run's PATH, so that a
// summariser is there to start.
func (r *run) fakeClaude(t *testing.T) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "bin")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "claude"), []byte("#!/bin/sh\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	r.env["PATH"] = dir
}

// TestStatusMessagesAreTrue: what a view says about work left to the
// background is what happens: started (and then it is), resting after
// a failure (with the times and the command to retry now), off, or no
// summariser; only a started one is said to be running.
func TestStatusMessagesAreTrue(t *testing.T) {
	cases := []struct {
		name   string
		setup  func(t *testing.T, r *run)
		starts bool
		memory string // the view's last line
		notes  string // the zoom's last line
	}{
		{"started", func(t *testing.T, r *run) { r.fakeClaude(t) }, true,
			"# 1 range is not folded yet: a fold runs in the background (ai memory fold waits for it)",
			"# summaries missing or stale: a summary build runs in the background (ai notes summarise waits for it)"},
		{"off", func(t *testing.T, r *run) { r.fakeClaude(t); r.env["AI_NO_BACKGROUND"] = "1" }, false,
			"# 1 range is not folded yet: background work is off (AI_NO_BACKGROUND=1); run ai memory fold",
			"# summaries missing or stale: background work is off (AI_NO_BACKGROUND=1); run ai notes summarise"},
		{"no summariser", func(t *testing.T, r *run) { r.env["PATH"] = t.TempDir() }, false,
			`# 1 range is not folded yet: the summariser, claude ([summariser] backend = "claude"), is not on PATH; install Claude Code, then run ai memory fold`,
			`# summaries missing or stale: the summariser, claude ([summariser] backend = "claude"), is not on PATH; install Claude Code, then run ai notes summarise`},
		{"resting", func(t *testing.T, r *run) {
			r.fakeClaude(t)
			stamp := []byte(r.now.Add(-20*time.Second).Format(time.RFC3339Nano) + "\n")
			for _, p := range []string{".ai/memory/.git/ai-fold.failed", ".ai/notes/.git/ai-summarise.failed"} {
				if err := os.WriteFile(filepath.Join(r.home, p), stamp, 0o600); err != nil {
					t.Fatal(err)
				}
			}
		}, false,
			"# 1 range is not folded yet: the last fold failed at 09:59 (see ~/.ai/memory.log); the next note or view after 10:00 starts another, or run ai memory fold now",
			"# summaries missing or stale: the last summary build failed at 09:59 (see ~/.ai/notes.log); the next ai notes command after 10:00 starts another, or run ai notes summarise now"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newRun(t)
			r.settings(t, "[memory.view]\nlines = 2\n")
			r.env["AI_NO_BACKGROUND"] = "1"
			r.must(t, "memory", "init")
			for _, n := range []string{"a", "b", "c"} {
				r.must(t, "memory", "note", n)
			}
			r.must(t, "notes", "add", "physics", "a claim")
			delete(r.env, "AI_NO_BACKGROUND")
			tc.setup(t, r)
			r.spawned = nil
			view := r.must(t, "memory", "view")
			zoom := r.must(t, "notes", "zoom", "physics")
			if got := lastLine(view); got != tc.memory {
				t.Errorf("memory view ends\n%s\nwant\n%s", got, tc.memory)
			}
			if got := lastLine(zoom); got != tc.notes {
				t.Errorf("notes zoom ends\n%s\nwant\n%s", got, tc.notes)
			}
			if started := len(r.spawned) == 2; started != tc.starts {
				t.Errorf("started %q; want started %v", r.spawned, tc.starts)
			}
			if !tc.starts && strings.Contains(view+zoom, "runs in the background") {
				t.Errorf("says work is being done that is not:\n%s%s", view, zoom)
			}
		})
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}
