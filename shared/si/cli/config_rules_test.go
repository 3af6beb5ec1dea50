package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/bootstrap"
)

// TestRulesMove: moving continue.rules away from claude-md lists, in the
// preview, the CLAUDE.md files that hold the block and, once written,
// takes it out of each (keeping the user's text); moving back says the
// next session puts it in again, and it does.
func TestRulesMove(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, "{}\n")
	dirs, err := paths.Resolve(func(k string) string { return map[string]string{"HOME": home}[k] })
	if err != nil {
		t.Fatal(err)
	}
	created, prepended := filepath.Join(home, "a"), filepath.Join(home, "b")
	for _, p := range []string{created, prepended} {
		if err := os.MkdirAll(filepath.Join(p, ".git"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mine := "# Mine\nUse tabs.\n"
	if err := os.WriteFile(filepath.Join(prepended, "CLAUDE.md"), []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	boot := func(cwd string) bootstrap.Report {
		return bootstrap.Run(bootstrap.Options{Dirs: dirs, Cwd: cwd, Now: time.Now(), ClaudeMDEnabled: true})
	}
	boot(created)
	boot(prepended)

	_, out, _ := run(home, "set", "continue.rules", "context")
	want := "Written, this also takes the rules block back out of 2 CLAUDE.md files (every other byte stays):\n  " +
		filepath.Join(created, "CLAUDE.md") + "\n  " + filepath.Join(prepended, "CLAUDE.md") + "\n"
	if !strings.Contains(out, want) || !strings.Contains(out, "Not written.") {
		t.Errorf("preview:\n%s\nwant it to hold:\n%s", out, want)
	}
	if len(bootstrap.Blocks(dirs)) != 2 {
		t.Fatalf("the preview took blocks out")
	}
	code, out, errs := run(home, "set", "continue.rules", "context", "--yes")
	for _, w := range []string{"deleted " + filepath.Join(created, "CLAUDE.md"), "removed the rules block from " + filepath.Join(prepended, "CLAUDE.md"),
		"the rules come with each session's start context"} {
		if code != 0 || !strings.Contains(out, w) {
			t.Errorf("write: exit %d, lacks %q:\n%s%s", code, w, out, errs)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(prepended, "CLAUDE.md")); string(data) != mine {
		t.Errorf("the user's CLAUDE.md is now %q", data)
	}
	_, out, _ = run(home, "set", "continue.rules", "claude-md", "--yes")
	if !strings.Contains(out, "The next session in each project puts the rules block into its CLAUDE.md") {
		t.Errorf("back to claude-md:\n%s", out)
	}
	if rep := boot(prepended); rep.FirstBlock != filepath.Join(prepended, "CLAUDE.md") {
		t.Errorf("the next session did not put the block back: %+v", rep)
	}
}
