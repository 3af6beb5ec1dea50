package fsutil

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/testkit/damage"
)

// fixedClock makes the dated names predictable for one test.
func fixedClock(t *testing.T, at time.Time) {
	t.Helper()
	old := now
	now = func() time.Time { return at }
	t.Cleanup(func() { now = old })
}

// asideOf checks that path was moved aside exactly once and is gone (or
// replaced by a regular file), and that Healed reported it.
func asideOf(t *testing.T, path string) {
	t.Helper()
	if got := damage.Aside(path); len(got) != 1 {
		t.Errorf("moved-aside copies of %s = %q, want one", filepath.Base(path), got)
	}
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		t.Errorf("%s is still %v", filepath.Base(path), fi.Mode())
	}
	heals := Healed()
	if len(heals) != 1 || heals[0].Path != path || !IsDamaged(heals[0].Aside) {
		t.Errorf("Healed() = %+v, want one move of %s", heals, path)
	}
}

func TestReadOwnHeals(t *testing.T) {
	for _, k := range damage.Kinds {
		t.Run(string(k), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state.json")
			damage.Make(t, path, k)
			Healed()
			var v struct{ Calls int }
			_, err := ReadOwnDecoded(path, 64<<10, jsonx.Into(&v))
			if !errors.Is(err, fs.ErrNotExist) || !errors.Is(err, ErrHealed) {
				t.Fatalf("ReadOwnDecoded = %v, want ErrHealed (a missing file)", err)
			}
			asideOf(t, path)
		})
	}
}

func TestReadOwnKeepsGoodAndMissing(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	if err := os.WriteFile(good, []byte(`{"calls":3}`), 0o600); err != nil {
		t.Fatal(err)
	}
	var v struct{ Calls int }
	if _, err := ReadOwnDecoded(good, 1<<10, jsonx.Into(&v)); err != nil || v.Calls != 3 {
		t.Errorf("ReadOwnDecoded(good) = %v, %+v", err, v)
	}
	if _, err := ReadOwn(filepath.Join(dir, "missing"), 1<<10); !errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrHealed) {
		t.Errorf("ReadOwn(missing) = %v, want a plain not-exist", err)
	}
	empty := filepath.Join(dir, "empty.json")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadOwnDecoded(empty, 1<<10, jsonx.Into(&v)); !errors.Is(err, ErrEmpty) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadOwnDecoded(empty) = %v, want ErrEmpty (left for the next write)", err)
	}
	under := filepath.Join(good, "below-a-file")
	if _, err := ReadOwn(under, 1<<10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadOwn(below a file) = %v, want not-exist", err)
	}
	if h := Healed(); len(h) != 0 || len(damage.Aside(good)) != 0 {
		t.Errorf("nothing should have moved: %+v", h)
	}
}

// TestReadOwnLinkToFile: a link to a regular file of the right size is
// read through, not healed.
func TestReadOwnLinkToFile(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "target"), filepath.Join(dir, "link")
	if err := os.WriteFile(target, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	if data, err := ReadOwn(link, 10); err != nil || string(data) != "x" {
		t.Errorf("ReadOwn(link) = %q, %v", data, err)
	}
	if _, err := ReadOwn(link, 0); !errors.Is(err, ErrHealed) {
		t.Errorf("ReadOwn(link to a file over the cap) = %v, want healed", err)
	}
	if _, err := os.Lstat(link); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the link should have moved aside: %v", err)
	}
	Healed()
}

func TestMoveAsideNamesAndPrunes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "compact-history.jsonl")
	at := time.Date(2026, 12, 4, 17, 0, 0, 0, time.UTC)
	fixedClock(t, at)
	var asides []string
	for range KeepDamaged + 2 {
		if err := os.Mkdir(path, 0o700); err != nil {
			t.Fatal(err)
		}
		aside, err := MoveAside(path, nil, nil)
		if err != nil || aside == "" {
			t.Fatalf("MoveAside = %q, %v", aside, err)
		}
		asides = append(asides, filepath.Base(aside))
	}
	if asides[0] != "compact-history.jsonl.damaged-20261204T170000" || asides[1] != "compact-history.jsonl.damaged-20261204T170000-2" {
		t.Errorf("names = %q", asides[:2])
	}
	if got := damage.Aside(path); len(got) != KeepDamaged {
		t.Errorf("%d copies kept, want %d: %q", len(got), KeepDamaged, got)
	}
	if h := Healed(); len(h) != KeepDamaged+2 || !strings.Contains(h[0].String(), "not a regular file") {
		t.Errorf("Healed() = %v", h)
	}
}

// TestMoveAsideLeavesAReplacement: a path another process healed and
// rewrote meanwhile is not moved.
func TestMoveAsideLeavesAReplacement(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, []byte("garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	judged, _ := os.Lstat(path)
	if err := WriteAtomic(path, []byte("{}"), 0o600, NoSync); err != nil {
		t.Fatal(err)
	}
	if aside, err := MoveAside(path, judged, errors.New("garbage")); aside != "" || err != nil {
		t.Errorf("MoveAside of a replaced file = %q, %v; want nothing moved", aside, err)
	}
	if aside, err := MoveAside(path, nil, nil); aside != "" || err != nil {
		t.Errorf("MoveAside(nil) of a regular file = %q, %v; want nothing moved", aside, err)
	}
	if aside, err := MoveAside(filepath.Join(dir, "gone"), nil, nil); aside != "" || err != nil {
		t.Errorf("MoveAside of nothing = %q, %v", aside, err)
	}
}

func TestWriteOwnOverDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	damage.Make(t, path, damage.Directory)
	Healed()
	if err := WriteOwn(path, []byte("{}"), NoSync); err != nil {
		t.Fatalf("WriteOwn over a directory: %v", err)
	}
	asideOf(t, path)
	if data, _ := os.ReadFile(path); string(data) != "{}" {
		t.Errorf("content = %q", data)
	}
}

// TestOwnWritersHeal: the appending open, the marker and the private
// directory never block and heal every kind of damage at their path.
func TestOwnWritersHeal(t *testing.T) {
	writers := map[string]func(path string) error{
		"AppendLine": func(p string) error { return AppendLine(p, []byte("line")) },
		"Touch":      func(p string) error { return Touch(p, time.Now()) },
		"PrivateDir": PrivateDir,
	}
	for name, write := range writers {
		for _, k := range []damage.Kind{damage.Directory, damage.FIFO, damage.DeviceLink, damage.LinkLoop, damage.Garbage} {
			if name != "PrivateDir" && k == damage.Garbage || name == "PrivateDir" && k == damage.Directory {
				continue // a file's content is its reader's to judge; a directory is what PrivateDir wants
			}
			t.Run(name+"/"+string(k), func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "target")
				damage.Make(t, path, k)
				Healed()
				if err := write(path); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if got := damage.Aside(path); len(got) != 1 {
					t.Errorf("moved-aside copies = %q, want one", got)
				}
				if len(Healed()) != 1 {
					t.Error("the move was not reported")
				}
			})
		}
	}
}

func TestAppendLineTightens(t *testing.T) {
	if !PermBits {
		t.Skip("no permission bits")
	}
	path := filepath.Join(t.TempDir(), "log")
	if err := os.WriteFile(path, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	_ = os.Chmod(path, 0o666)
	if err := AppendLine(path, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
}

func TestWithin(t *testing.T) {
	at := time.Date(2026, 12, 4, 17, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	tests := []struct {
		name  string
		stamp time.Time
		want  bool
	}{
		{"just now", at, true},
		{"an hour ago", at.Add(-time.Hour), true},
		{"a day ago: due", at.Add(-day), false},
		{"a week ago", at.Add(-7 * day), false},
		{"a moment ahead", at.Add(time.Second), true},
		{"ten years ahead: due", at.AddDate(10, 0, 0), false},
		{"a day ahead: due", at.Add(day), false},
	}
	for _, tt := range tests {
		if got := Within(tt.stamp, at, day); got != tt.want {
			t.Errorf("%s: Within = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestTouchAndRecent(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".swept")
	at := time.Date(2026, 12, 4, 17, 0, 0, 0, time.UTC)
	if Recent(path, at, time.Hour) {
		t.Error("a missing marker is not recent")
	}
	if err := Touch(path, at.AddDate(10, 0, 0)); err != nil {
		t.Fatal(err)
	}
	if Recent(path, at, time.Hour) {
		t.Error("a marker ten years ahead must count as due")
	}
	if err := Touch(path, at); err != nil {
		t.Fatal(err)
	}
	if !Recent(path, at, time.Hour) {
		t.Error("a marker just touched is recent")
	}
}

func TestTighten(t *testing.T) {
	if !PermBits {
		t.Skip("no permission bits")
	}
	root := filepath.Join(t.TempDir(), "state")
	files := map[string]os.FileMode{"a/b/state.json": 0o666, "a/c.lock": 0o644, "bin/si": 0o755, "ok": 0o600}
	for name, mode := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
	}
	outside := filepath.Join(t.TempDir(), "outside")
	if err := os.WriteFile(outside, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_ = os.Chmod(outside, 0o644)
	if err := os.Symlink(outside, filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	_ = os.Chmod(filepath.Join(root, "a"), 0o777)
	if _, err := Tighten(root, 1000); err != nil {
		t.Fatal(err)
	}
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		fi, _ := os.Lstat(p)
		if d.Type()&fs.ModeSymlink == 0 && fi.Mode().Perm()&0o077 != 0 {
			t.Errorf("%s is still %v", p, fi.Mode().Perm())
		}
		return nil
	})
	if fi, _ := os.Stat(filepath.Join(root, "bin/si")); fi.Mode().Perm() != 0o700 {
		t.Errorf("a program keeps its owner's execute bit: %v", fi.Mode().Perm())
	}
	if fi, _ := os.Stat(outside); fi.Mode().Perm() != 0o644 {
		t.Errorf("a link's target outside was changed: %v", fi.Mode().Perm())
	}
	if n, err := Tighten(filepath.Join(root, "missing"), 10); n != 0 || err != nil {
		t.Errorf("Tighten(missing) = %d, %v", n, err)
	}
}
