package git

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func skipLogs(p string) bool { return strings.HasSuffix(p, ".log") || strings.HasSuffix(p, ".lock") }

func put(t *testing.T, dir, rel, data string) {
	t.Helper()
	abs := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(abs, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestAdoptAndEvents: a directory with files becomes a store holding
// them; each event commits what changed in place since the one before,
// nothing when nothing changed, and never the skipped files.
func TestAdoptAndEvents(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "local")
	put(t, dir, "ai.toml", "# private\n")
	put(t, dir, ".gitignore", "*.log\n*.lock\n")
	s, created, err := Adopt(dir, opts(1), "ai init", skipLogs)
	if err != nil || !created {
		t.Fatalf("Adopt = %v, created %v", err, created)
	}
	put(t, dir, "agents/dev/records/000000", "one\n")
	put(t, dir, "agents/dev.log", "log line\n")
	if h, err := s.Event("new dev", skipLogs, 0, nil); err != nil || h == "" {
		t.Fatalf("Event = %q, %v", h, err)
	}
	if h, err := s.Event("nothing", skipLogs, 0, nil); err != nil || h != "" {
		t.Errorf("an event with no change made commit %q (%v)", h, err)
	}
	put(t, dir, "agents/dev/records/000000", "one\ntwo\n")
	must(t, os.Remove(filepath.Join(dir, "ai.toml")))
	failed := errors.New("half-way")
	h, err := s.Event("attach dev", skipLogs, 0, func() error {
		put(t, dir, "attached/s1", "dev\n")
		return failed
	})
	if !errors.Is(err, failed) || h == "" {
		t.Fatalf("a failing write: Event = %q, %v; want its change committed and its error", h, err)
	}
	msgs := checkClean(t, s)
	if got := strings.Join(msgs, "|"); got != "attach dev|new dev|ai init" {
		t.Errorf("commits = %s", got)
	}
	again, created, err := Adopt(dir, opts(1), "ai init", skipLogs)
	if err != nil || created || again.Dir() != s.Dir() {
		t.Errorf("Adopt of a store = %v, created %v", err, created)
	}
}

// TestEventSeesSameSizeRewrite: a file rewritten with the same size is
// hashed again when its modification time moved.
func TestEventSeesSameSizeRewrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "local")
	put(t, dir, "a", "xxxx")
	s, _, err := Adopt(dir, opts(1), "init", nil)
	if err != nil {
		t.Fatal(err)
	}
	put(t, dir, "a", "yyyy")
	if h, err := s.Event("rewrite", nil, 0, nil); err != nil || h == "" {
		t.Fatalf("Event = %q, %v", h, err)
	}
	if data, _ := s.Read("a"); string(data) != "yyyy" {
		t.Errorf("a = %q", data)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
