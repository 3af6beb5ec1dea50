package thread

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRenameAndRemove: a rename moves the thread, its log and the
// sessions attached to it, and records the old name; a directory in the
// way is refused untouched; a removal takes the thread, its log and its
// attachments, leaving other agents' alone.
func TestRenameAndRemove(t *testing.T) {
	a, path := newAgent(t)
	var b tr
	b.user("one")
	b.say("answer")
	write(t, path, b.buf.Bytes())
	for _, sid := range []string{"s1", "s2"} {
		if _, err := a.Attach(sid, path, "/p", at); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Detach("s2", at); err != nil {
		t.Fatal(err)
	}
	other, err := Create(a.Root, "other", at)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Attach("s3", path, "/p", at); err != nil {
		t.Fatal(err)
	}
	write(t, a.LogPath(), []byte("log\n"))

	stray := filepath.Join(a.Root, "agents", "stray")
	if err := os.MkdirAll(stray, 0o700); err != nil {
		t.Fatal(err)
	}
	if _, _, err := a.RenameTo("stray", at); !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "is in the way") {
		t.Errorf("rename onto a stray directory: %v", err)
	}
	if _, _, err := a.RenameTo("Bad", at); !errors.Is(err, ErrBadName) {
		t.Errorf("rename to a bad name: %v", err)
	}
	to, sessions, err := a.RenameTo("qa", at)
	if err != nil || !slices.Equal(sessions, []string{"s1"}) {
		t.Fatalf("rename = %v, %v", sessions, err)
	}
	if a.Exists() || !to.Exists() {
		t.Errorf("after the rename: dev exists %v, qa exists %v", a.Exists(), to.Exists())
	}
	if name, _ := AttachedTo(a.Root, "s1"); name != "qa" {
		t.Errorf("s1 attached to %q", name)
	}
	if _, err := os.Stat(to.LogPath()); err != nil {
		t.Errorf("the log did not follow: %v", err)
	}
	th, err := Load(to)
	if err != nil || len(th.Turns) != 2 {
		t.Fatalf("the renamed thread: %v, %v", th, err)
	}
	data, _ := os.ReadFile(filepath.Join(to.records().Dir, "000000"))
	if !strings.Contains(string(data), `"kind":"renamed","at":"2026-05-01T10:00:00Z","agent":"qa","note":"dev"`) {
		t.Errorf("no rename record:\n%s", data)
	}

	if err := to.Remove(); err != nil {
		t.Fatal(err)
	}
	if to.Exists() {
		t.Error("the thread outlived its removal")
	}
	if name, _ := AttachedTo(a.Root, "s1"); name != "" {
		t.Errorf("s1 still attached to %q", name)
	}
	if name, _ := AttachedTo(a.Root, "s3"); name != "other" {
		t.Errorf("another agent's session lost its attachment: %q", name)
	}
	if _, err := os.Stat(to.LogPath()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the log outlived the agent: %v", err)
	}
}

// TestLive: attached sessions that have not ended are live; an end, then
// a start again, is tracked through the copy state; a thread whose
// records cannot be read is judged by those states.
func TestLive(t *testing.T) {
	a, path := newAgent(t)
	write(t, path, nil)
	for _, sid := range []string{"s1", "s2"} {
		if _, err := a.Attach(sid, path, "/p", at); err != nil {
			t.Fatal(err)
		}
	}
	if got := a.Live(); !slices.Equal(got, []string{"s1", "s2"}) {
		t.Errorf("live = %q", got)
	}
	if ok, err := a.ReopenIfEnded("s1", at); ok || err != nil {
		t.Errorf("reopened a session that never ended: %v, %v", ok, err)
	}
	if err := a.End("s1", at); err != nil {
		t.Fatal(err)
	}
	if got := a.Live(); !slices.Equal(got, []string{"s2"}) {
		t.Errorf("live after s1 ended = %q", got)
	}
	if err := os.WriteFile(filepath.Join(a.records().Dir, "000000"), []byte("not json\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := a.Live(); !slices.Equal(got, []string{"s2"}) {
		t.Errorf("live from the states of a damaged thread = %q", got)
	}
}
