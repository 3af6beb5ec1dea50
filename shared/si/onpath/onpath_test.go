package onpath

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// world is a HOME with stable copies of si and ai.
func world(t *testing.T) Options {
	t.Helper()
	home := t.TempDir()
	d, err := paths.Resolve(func(k string) string { return map[string]string{"HOME": home}[k] })
	must(t, err)
	stable := filepath.Join(d.State, "bin")
	must(t, os.MkdirAll(stable, 0o700))
	for _, name := range Names {
		must(t, os.WriteFile(filepath.Join(stable, name), []byte("\x7fELF "+name), 0o700))
	}
	return Options{Dirs: d, Stable: stable, Path: "/usr/bin:/bin"}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func actions(rep Report) map[string]Action {
	out := map[string]Action{}
	for _, c := range rep.Changes {
		out[c.Name] = c.Action
	}
	return out
}

// TestInstallRemove covers the bad inputs: ~/.local/bin missing (made),
// not on PATH (the line to add), holding an si of someone else's (left
// alone, said), and the round trip: only ours go, the directory we made
// goes when empty, a second run finds nothing.
func TestInstallRemove(t *testing.T) {
	o := world(t)
	dir := DefaultDir(o.Dirs.Home)
	rep, err := Install(o)
	must(t, err)
	if !rep.CreatedDir || rep.OnPath || rep.Dir != dir {
		t.Errorf("report = %+v; want the directory created, not on PATH", rep)
	}
	for _, name := range Names {
		if to, err := os.Readlink(filepath.Join(dir, name)); err != nil || to != filepath.Join(o.Stable, name) {
			t.Errorf("%s: link %q, %v", name, to, err)
		}
	}
	var out bytes.Buffer
	rep.Print(&out, o.Dirs.Home, false)
	for _, want := range []string{"created " + dir, "on PATH: " + filepath.Join(dir, "si") + " -> ", `export PATH="$HOME/.local/bin:$PATH"`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	o.Path = dir + ":/usr/bin"
	again, err := Install(o)
	must(t, err)
	if a := actions(again); a["si"] != Unchanged || a["ai"] != Unchanged || again.CreatedDir || !again.OnPath {
		t.Errorf("second install = %+v", again)
	}
	out.Reset()
	again.Print(&out, o.Dirs.Home, false)
	if out.Len() != 0 {
		t.Errorf("an unchanged install on PATH printed:\n%s", out.String())
	}
	gone, err := Remove(o.Dirs, o.Stable)
	must(t, err)
	if a := actions(gone); a["si"] != Removed || a["ai"] != Removed || !gone.CreatedDir {
		t.Errorf("remove = %+v", gone)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the directory we created is still there: %v", err)
	}
	twice, err := Remove(o.Dirs, o.Stable)
	must(t, err)
	if len(twice.Changes) != 0 || twice.CreatedDir {
		t.Errorf("second remove = %+v, want nothing", twice)
	}
}

func TestForeignLeftAlone(t *testing.T) {
	o := world(t)
	dir := DefaultDir(o.Dirs.Home)
	must(t, os.MkdirAll(dir, 0o755))
	theirs := []byte("#!/bin/sh\necho another si\n")
	must(t, os.WriteFile(filepath.Join(dir, "si"), theirs, 0o755))
	must(t, os.Symlink("/opt/ai/bin/ai", filepath.Join(dir, "ai")))
	rep, err := Install(o)
	must(t, err)
	if a := actions(rep); a["si"] != Foreign || a["ai"] != Foreign || rep.CreatedDir {
		t.Fatalf("install over foreign commands = %+v", rep)
	}
	var out bytes.Buffer
	rep.Print(&out, o.Dirs.Home, false)
	for _, want := range []string{"left " + filepath.Join(dir, "si") + " alone: a file, not ours", "a link to /opt/ai/bin/ai"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if _, err := Remove(o.Dirs, o.Stable); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "si")); !bytes.Equal(got, theirs) {
		t.Error("remove touched the user's si")
	}
	if to, _ := os.Readlink(filepath.Join(dir, "ai")); to != "/opt/ai/bin/ai" {
		t.Error("remove touched the user's ai link")
	}
}

// TestReplacedByUser: an si of ours the user replaced since is theirs.
func TestReplacedByUser(t *testing.T) {
	o := world(t)
	_, err := Install(o)
	must(t, err)
	si := filepath.Join(DefaultDir(o.Dirs.Home), "si")
	must(t, os.Remove(si))
	must(t, os.WriteFile(si, []byte("mine"), 0o755))
	rep, err := Remove(o.Dirs, o.Stable)
	must(t, err)
	if a := actions(rep); a["si"] != Foreign || a["ai"] != Removed {
		t.Errorf("remove = %+v", rep)
	}
	if got, _ := os.ReadFile(si); string(got) != "mine" {
		t.Error("the user's si was removed")
	}
}

// TestCopiesWithoutLinks: where links cannot be made the commands are
// copies, recognised by their hash, and Refresh follows an upgrade of
// the stable copies.
func TestCopiesWithoutLinks(t *testing.T) {
	symlink = func(string, string) error { return errors.New("links not permitted") }
	t.Cleanup(func() { symlink = os.Symlink })
	o := world(t)
	o.Dir = filepath.Join(o.Dirs.Home, "bin")
	rep, err := Install(o)
	must(t, err)
	if a := actions(rep); a["si"] != Created || rep.Changes[0].Kind != Copy {
		t.Fatalf("install = %+v", rep)
	}
	si := filepath.Join(o.Dir, "si")
	if changes, err := Refresh(o.Dirs); err != nil || len(changes) != 0 {
		t.Errorf("refresh with nothing new = %+v, %v", changes, err)
	}
	must(t, os.WriteFile(filepath.Join(o.Stable, "si"), []byte("\x7fELF si v2, longer"), 0o700))
	changes, err := Refresh(o.Dirs)
	must(t, err)
	if len(changes) != 1 || changes[0].Action != Updated {
		t.Errorf("refresh after an upgrade = %+v", changes)
	}
	if got, _ := os.ReadFile(si); string(got) != "\x7fELF si v2, longer" {
		t.Errorf("copy not updated: %q", got)
	}
	// The user replaces the copy: the next upgrade leaves it alone.
	must(t, os.WriteFile(si, []byte("mine"), 0o755))
	must(t, os.WriteFile(filepath.Join(o.Stable, "si"), []byte("\x7fELF si v3"), 0o700))
	changes, err = Refresh(o.Dirs)
	must(t, err)
	if len(changes) != 1 || changes[0].Action != Foreign {
		t.Errorf("refresh over the user's file = %+v", changes)
	}
	if got, _ := os.ReadFile(si); string(got) != "mine" {
		t.Error("refresh overwrote the user's si")
	}
	rep, err = Remove(o.Dirs, o.Stable)
	must(t, err)
	if a := actions(rep); a["ai"] != Removed || a["si"] != Foreign {
		t.Errorf("remove = %+v (si, the user's now, is named as left alone)", rep)
	}
}

// TestMovedBinDir: installing with another --bin-dir moves our commands.
func TestMovedBinDir(t *testing.T) {
	o := world(t)
	_, err := Install(o)
	must(t, err)
	o.Dir = filepath.Join(o.Dirs.Home, "tools")
	rep, err := Install(o)
	must(t, err)
	if _, err := os.Lstat(filepath.Join(DefaultDir(o.Dirs.Home), "si")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("old si left behind: %v", err)
	}
	if !linksTo(filepath.Join(o.Dir, "si"), filepath.Join(o.Stable, "si")) {
		t.Errorf("si not in the new directory: %+v", rep)
	}
}

func TestShadowAndPathLine(t *testing.T) {
	o := world(t)
	other := t.TempDir()
	must(t, os.WriteFile(filepath.Join(other, "si"), []byte("#!/bin/sh\n"), 0o755))
	dir := DefaultDir(o.Dirs.Home)
	o.Path = other + ":" + dir
	rep, err := Install(o)
	must(t, err)
	if !rep.OnPath || rep.Changes[0].Shadow != filepath.Join(other, "si") || rep.Changes[1].Shadow != "" {
		t.Errorf("report = %+v; want si shadowed by %s", rep, other)
	}
	if got := PathLine("/opt/tools", o.Dirs.Home); got != `export PATH="/opt/tools:$PATH"` {
		t.Errorf("PathLine = %s", got)
	}
}

func TestRelativeDirRefused(t *testing.T) {
	o := world(t)
	o.Dir = "bin"
	if _, err := Install(o); err == nil || !strings.Contains(err.Error(), "not absolute") {
		t.Errorf("Install(relative) = %v", err)
	}
}
