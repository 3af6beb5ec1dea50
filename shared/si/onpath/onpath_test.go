package onpath

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
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
		must(t, os.WriteFile(filepath.Join(stable, proc.Exe(name)), []byte("\x7fELF "+name), 0o700))
	}
	return Options{Dirs: d, Stable: stable, Path: pathList("/usr/bin", "/bin")}
}

// pathList is a PATH value of dirs, in this system's list form.
func pathList(dirs ...string) string { return strings.Join(dirs, string(os.PathListSeparator)) }

// canLink reports whether this user may make symbolic links: Windows
// lets an account make them only with Developer Mode or as
// administrator (the Windows lane's Wine refuses them too), and Install
// then copies the commands.
func canLink(t *testing.T) bool {
	err := os.Symlink("target", filepath.Join(t.TempDir(), "link"))
	if err != nil && runtime.GOOS != "windows" {
		t.Fatal(err)
	}
	return err == nil
}

// checkPlaced: the command at path runs target, as a link to it where
// links can be made, else as a copy of it.
func checkPlaced(t *testing.T, path, target string, linked bool) {
	t.Helper()
	if linked {
		if to, err := os.Readlink(path); err != nil || to != target {
			t.Errorf("%s: link %q, %v; want a link to %s", path, to, err, target)
		}
		return
	}
	got, err := os.ReadFile(path)
	want, _ := os.ReadFile(target)
	if fi, lerr := os.Lstat(path); err != nil || lerr != nil || !fi.Mode().IsRegular() || !bytes.Equal(got, want) {
		t.Errorf("%s: %q, %v; want a copy of %s", path, got, err, target)
	}
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
	linked := canLink(t)
	for _, name := range Names {
		checkPlaced(t, filepath.Join(dir, proc.Exe(name)), filepath.Join(o.Stable, proc.Exe(name)), linked)
	}
	var out bytes.Buffer
	rep.Print(&out, o.Dirs.Home, false)
	for _, want := range []string{"created " + dir, "on PATH: " + filepath.Join(dir, proc.Exe("si")) + " -> ", `export PATH="$HOME/.local/bin:$PATH"`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	o.Path = pathList(dir, "/usr/bin")
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

// TestForeignLeftAlone: an si and an ai of someone else's (a file; a
// link, or where links cannot be made a directory) are left alone by
// Install and Remove, and said.
func TestForeignLeftAlone(t *testing.T) {
	o := world(t)
	dir := DefaultDir(o.Dirs.Home)
	must(t, os.MkdirAll(dir, 0o755))
	si, ai := filepath.Join(dir, proc.Exe("si")), filepath.Join(dir, proc.Exe("ai"))
	theirs := []byte("#!/bin/sh\necho another si\n")
	must(t, os.WriteFile(si, theirs, 0o755))
	theirAI := "a link to " + filepath.FromSlash("/opt/ai/bin/ai")
	if err := os.Symlink(filepath.FromSlash("/opt/ai/bin/ai"), ai); err != nil {
		if runtime.GOOS != "windows" {
			t.Fatal(err)
		}
		t.Log("symbolic links need Developer Mode or admin on Windows: a directory for ai instead:", err)
		must(t, os.Mkdir(ai, 0o755))
		theirAI = "a directory"
	}
	rep, err := Install(o)
	must(t, err)
	if a := actions(rep); a["si"] != Foreign || a["ai"] != Foreign || rep.CreatedDir {
		t.Fatalf("install over foreign commands = %+v", rep)
	}
	var out bytes.Buffer
	rep.Print(&out, o.Dirs.Home, false)
	for _, want := range []string{"left " + si + " alone: a file, not ours", "left " + ai + " alone: " + theirAI + ", not ours"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if _, err := Remove(o.Dirs, o.Stable); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(si); !bytes.Equal(got, theirs) {
		t.Error("remove touched the user's si")
	}
	if got := describe(ai); got != theirAI {
		t.Errorf("remove touched the user's ai: now %s", got)
	}
}

// TestReplacedByUser: an si of ours the user replaced since is theirs.
func TestReplacedByUser(t *testing.T) {
	o := world(t)
	_, err := Install(o)
	must(t, err)
	si := filepath.Join(DefaultDir(o.Dirs.Home), proc.Exe("si"))
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
	si := filepath.Join(o.Dir, proc.Exe("si"))
	if changes, err := Refresh(o.Dirs); err != nil || len(changes) != 0 {
		t.Errorf("refresh with nothing new = %+v, %v", changes, err)
	}
	must(t, os.WriteFile(filepath.Join(o.Stable, proc.Exe("si")), []byte("\x7fELF si v2, longer"), 0o700))
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
	must(t, os.WriteFile(filepath.Join(o.Stable, proc.Exe("si")), []byte("\x7fELF si v3"), 0o700))
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
	if _, err := os.Lstat(filepath.Join(DefaultDir(o.Dirs.Home), proc.Exe("si"))); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("old si left behind: %v", err)
	}
	if a := actions(rep); a["si"] != Created {
		t.Errorf("install in the new directory = %+v", rep)
	}
	checkPlaced(t, filepath.Join(o.Dir, proc.Exe("si")), filepath.Join(o.Stable, proc.Exe("si")), canLink(t))
}

func TestShadowAndPathLine(t *testing.T) {
	o := world(t)
	other := t.TempDir()
	must(t, os.WriteFile(filepath.Join(other, proc.Exe("si")), []byte("#!/bin/sh\n"), 0o755))
	dir := DefaultDir(o.Dirs.Home)
	o.Path = pathList(other, dir)
	rep, err := Install(o)
	must(t, err)
	if !rep.OnPath || rep.Changes[0].Shadow != filepath.Join(other, proc.Exe("si")) || rep.Changes[1].Shadow != "" {
		t.Errorf("report = %+v; want si shadowed by %s", rep, other)
	}
}

func TestRelativeDirRefused(t *testing.T) {
	o := world(t)
	o.Dir = "bin"
	if _, err := Install(o); err == nil || !strings.Contains(err.Error(), "not absolute") {
		t.Errorf("Install(relative) = %v", err)
	}
}
