package full

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/store"
	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

func now() time.Time { return time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC) }

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestFormats: a store is made on first open with its .gitignore; a newer
// format is refused before anything is written; an older one is
// converted only once the user agrees, in one commit.
func TestFormats(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "local")
	s, err := Open(dir, "ai init", Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(dir, ".gitignore")); got != store.Ignore {
		t.Errorf(".gitignore = %q", got)
	}
	if err := os.WriteFile(filepath.Join(dir, "x.log"), []byte("log\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if h, err := s.Event("nothing but a log", nil); err != nil || h != "" {
		t.Errorf("a log made commit %q (%v)", h, err)
	}

	if err := os.WriteFile(filepath.Join(dir, store.FormatFile), []byte("ai-local 9\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, "x", Options{Now: now}); !errors.Is(err, store.ErrNewer) {
		t.Errorf("newer format: %v", err)
	}

	old := filepath.Join(t.TempDir(), "old")
	if _, err := Open(old, "ai init", Options{Now: now}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(old, store.FormatFile), []byte("ai-local 0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(old, "x", Options{Now: now}); err == nil || !strings.Contains(err.Error(), "read") {
		t.Errorf("format 0 is not a format: %v", err)
	}
}

// TestConvertNeedsConsent registers a conversion from format 1 to 2 for
// the test: refused without a terminal or a yes, done with one.
func TestConvertNeedsConsent(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "local")
	if _, err := Open(dir, "ai init", Options{Now: now}); err != nil {
		t.Fatal(err)
	}
	defer func(v int, m map[int]git.Migration) { version, Migrations = v, m }(version, Migrations)
	version = 2
	Migrations = map[int]git.Migration{1: func(tx *git.Tx) error { tx.Write("converted", []byte("yes\n")); return nil }}
	if _, err := Open(dir, "x", Options{Now: now}); !errors.Is(err, store.ErrOlder) {
		t.Errorf("no one to ask: %v", err)
	}
	no := func(int, int) (bool, error) { return false, nil }
	if _, err := Open(dir, "x", Options{Now: now, Confirm: no}); !errors.Is(err, store.ErrOlder) {
		t.Errorf("the user said no: %v", err)
	}
	asked := ""
	yes := func(from, to int) (bool, error) {
		asked = strings.Repeat("?", from) + strings.Repeat("!", to)
		return true, nil
	}
	if _, err := Open(dir, "x", Options{Now: now, Confirm: yes}); err != nil {
		t.Fatal(err)
	}
	if asked != "?!!" || read(t, filepath.Join(dir, "converted")) != "yes\n" || read(t, filepath.Join(dir, store.FormatFile)) != "ai-local 2\n" {
		t.Errorf("conversion: asked %q", asked)
	}
}
