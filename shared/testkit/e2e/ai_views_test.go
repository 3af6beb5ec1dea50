package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestViewsSweptAtSessionStart: a view an agent paged through (piped,
// longer than a part) and left for more than ten minutes is gone after
// the next Claude Code session starts, with no ai command run; a view
// read since stays.
func TestViewsSweptAtSessionStart(t *testing.T) {
	t.Parallel()
	w := newAgentWorld(t, "AI_NO_BACKGROUND=1")
	must(t, os.WriteFile(filepath.Join(w.env.Home, ".ai", "ai.toml"), []byte("[memory.view]\nlines = 400\n"), 0o600))
	proj := w.env.Project
	w.ai(t, proj, "memory", "init")
	for i := range 100 {
		w.ai(t, proj, "memory", "note", strings.Repeat("a long note to fill the view ", 8)+string(rune('a'+i%26)))
	}
	views := filepath.Join(w.env.Home, ".cache", "ai", "views")
	for range 2 {
		if out := w.ai(t, proj, "memory", "view"); !strings.Contains(out, "next: ai page") {
			t.Fatalf("the view was not paged:\n%s", out[:min(len(out), 500)])
		}
	}
	old := time.Now().Add(-11 * time.Minute)
	for _, f := range []string{filepath.Join(views, "1", "read"), filepath.Join(views, "swept")} {
		must(t, os.Chtimes(f, old, old))
	}
	must(t, os.WriteFile(filepath.Join(views, "swept"), []byte(old.UTC().Format(time.RFC3339Nano)+"\n"), 0o600))

	w.claude(t, proj, "hello")
	if _, err := os.Stat(filepath.Join(views, "1")); !os.IsNotExist(err) {
		t.Errorf("view 1, idle 11 minutes, outlived the session start: %v", err)
	}
	if _, err := os.Stat(filepath.Join(views, "2", "1")); err != nil {
		t.Errorf("view 2, read just now, was swept: %v", err)
	}
}
