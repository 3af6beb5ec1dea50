package settingsjson

import (
	"cmp"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

// pinClock makes backup names predictable; the returned func moves it.
func pinClock(t *testing.T) func(time.Time) {
	t.Helper()
	var at time.Time
	now = func() time.Time { return at }
	t.Cleanup(func() { now = time.Now })
	return func(next time.Time) { at = next }
}

// TestEditBackups runs a sequence of edits against one file, each step
// checking which backup it got and which backups exist afterwards.
func TestEditBackups(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(path, []byte(`{"v": 0}`), 0o640); err != nil {
		t.Fatal(err)
	}
	foreign := []string{"settings.json.bak-si-mine", "settings.json.bak-si-20250102T030405Z.old", "settings.json.bak"}
	for _, name := range foreign {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("user's"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	setClock := pinClock(t)
	t0 := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	steps := []struct {
		name       string
		at         time.Duration
		handEdit   string // written to the file first, as a user would
		value      int
		wantBackup string   // suffix after ".bak-si-"
		wantAll    []string // every si backup afterwards, oldest first
	}{
		{"first edit backs up", 0, "", 1, "20250102T030405Z", []string{"20250102T030405Z"}},
		{"same second gets a suffix", 0, "", 2, "20250102T030405Z-2", []string{"20250102T030405Z", "20250102T030405Z-2"}},
		{"identical backup reused", time.Second, `{"v": 0}`, 3, "20250102T030405Z", []string{"20250102T030405Z", "20250102T030405Z-2"}},
		{"third", 10 * time.Second, "", 4, "20250102T030415Z", []string{"20250102T030405Z", "20250102T030405Z-2", "20250102T030415Z"}},
		{"fourth", 20 * time.Second, "", 5, "20250102T030425Z", []string{"20250102T030405Z", "20250102T030405Z-2", "20250102T030415Z", "20250102T030425Z"}},
		{"fifth", 30 * time.Second, "", 6, "20250102T030435Z", []string{"20250102T030405Z", "20250102T030405Z-2", "20250102T030415Z", "20250102T030425Z", "20250102T030435Z"}},
		{"sixth prunes the oldest", 40 * time.Second, "", 7, "20250102T030445Z", []string{"20250102T030405Z-2", "20250102T030415Z", "20250102T030425Z", "20250102T030435Z", "20250102T030445Z"}},
		{"clock went back: new backup kept", -time.Hour, "", 8, "20250102T020405Z", []string{"20250102T020405Z", "20250102T030415Z", "20250102T030425Z", "20250102T030435Z", "20250102T030445Z"}},
	}
	for _, st := range steps {
		if !t.Run(st.name, func(t *testing.T) {
			setClock(t0.Add(st.at))
			if st.handEdit != "" {
				if err := os.WriteFile(path, []byte(st.handEdit), 0o640); err != nil {
					t.Fatal(err)
				}
			}
			old := readString(t, path)
			changed, backup, err := Edit(path, setKey("v", st.value))
			if err != nil || !changed {
				t.Fatalf("Edit = %v, %v", changed, err)
			}
			checkBackups(t, path, backup, old, foreign, st.wantBackup, st.wantAll)
		}) {
			return
		}
	}
	for _, name := range foreign {
		if got := readString(t, filepath.Join(dir, name)); got != "user's" {
			t.Errorf("%s was touched: %q", name, got)
		}
	}
}

// checkBackups checks the backup one edit returned and the si backups
// that exist after it (foreign names excluded), oldest first.
func checkBackups(t *testing.T, path, backup, old string, foreign []string, want string, wantAll []string) {
	t.Helper()
	if want := path + backupInfix + want; backup != want {
		t.Errorf("backup = %q, want %q", filepath.Base(backup), filepath.Base(want))
	}
	if got := readString(t, backup); got != old {
		t.Errorf("backup holds %q, want the content before the edit %q", got, old)
	}
	if got := perm(t, backup); got != filemode.Shown(0o640, false) {
		t.Errorf("backup mode = %v, want 0640 like the file", got)
	}
	var all []string
	for _, b := range backupsOf(t, path) {
		if !slices.Contains(foreign, filepath.Base(b)) {
			all = append(all, b[len(path+backupInfix):])
		}
	}
	slices.SortFunc(all, func(a, b string) int { return compareBackup(t, a, b) })
	if !slices.Equal(all, wantAll) {
		t.Errorf("backups = %q, want %q", all, wantAll)
	}
}

// compareBackup orders backup suffixes as listBackups promises to.
func compareBackup(t *testing.T, a, b string) int {
	t.Helper()
	ba, okA := parseBackupName(a)
	bb, okB := parseBackupName(b)
	if !okA || !okB {
		t.Fatalf("unparsable backup names %q, %q", a, b)
	}
	return cmp.Or(strings.Compare(ba.stamp, bb.stamp), cmp.Compare(ba.seq, bb.seq))
}

func TestEditSymlink(t *testing.T) {
	tests := []struct {
		name    string
		dest    func(home, dotfiles string) string // what the link points to
		chain   bool                               // link through a second link
		exists  bool                               // the final file exists
		wantMod fs.FileMode
	}{
		{"absolute link", func(_, d string) string { return filepath.Join(d, "settings.json") }, false, true, 0o640},
		{"relative link", func(_, _ string) string { return filepath.Join("..", "dotfiles", "settings.json") }, false, true, 0o640},
		{"chain of links", func(_, d string) string { return filepath.Join(d, "settings.json") }, true, true, 0o640},
		{"dangling link", func(_, d string) string { return filepath.Join(d, "new", "settings.json") }, false, false, 0o600},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home, dotfiles, target, link, linkDest := symlinkFixture(t, tt.dest, tt.chain, tt.exists)
			changed, backup, err := Edit(link, setKey("b", 2))
			if err != nil || !changed {
				t.Fatalf("Edit via symlink = %v, %v", changed, err)
			}
			checkSymlinkKept(t, link, linkDest)
			doc := []byte(readString(t, target))
			if v, ok := Get(doc, "b"); !ok || string(v) != "2" {
				t.Errorf("target lacks the edit:\n%s", doc)
			}
			if got := perm(t, target); got != filemode.Shown(tt.wantMod, false) {
				t.Errorf("target mode = %v, want %v", got, tt.wantMod)
			}
			if tt.exists && (backup == "" || filepath.Dir(backup) != home) {
				t.Errorf("backup = %q, want one beside the link in %s", backup, home)
			}
			for _, pattern := range []string{"*.bak-si-*", "*.lock", "new/*.bak-si-*", "new/*.lock"} {
				if stray, _ := filepath.Glob(filepath.Join(dotfiles, pattern)); len(stray) != 0 {
					t.Errorf("backup or lock files beside the link target: %q", stray)
				}
			}
		})
	}
}

// symlinkFixture makes home/settings.json a link (through home/mid.json
// when chain) to dest, with a settings file in dotfiles when exists. It
// returns the file that the link finally names.
func symlinkFixture(t *testing.T, dest func(home, dotfiles string) string, chain, exists bool) (home, dotfiles, target, link, linkDest string) {
	t.Helper()
	root := t.TempDir()
	home, dotfiles = filepath.Join(root, "home"), filepath.Join(root, "dotfiles")
	for _, d := range []string{home, dotfiles} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	target = filepath.Join(dotfiles, "settings.json")
	if exists {
		if err := os.WriteFile(target, []byte("{\n  \"a\": 1\n}\n"), 0o640); err != nil {
			t.Fatal(err)
		}
	} else {
		target = dest(home, dotfiles)
	}
	link, linkDest = filepath.Join(home, "settings.json"), dest(home, dotfiles)
	if chain {
		mustSymlink(t, linkDest, filepath.Join(home, "mid.json"))
		linkDest = "mid.json"
	}
	mustSymlink(t, linkDest, link)
	return home, dotfiles, target, link, linkDest
}

func mustSymlink(t *testing.T, dest, link string) {
	t.Helper()
	if err := os.Symlink(dest, link); err != nil {
		if runtime.GOOS == "windows" {
			t.Skipf("symbolic links need Developer Mode or admin on Windows: %v", err)
		}
		t.Fatal(err)
	}
}

func checkSymlinkKept(t *testing.T, link, dest string) {
	t.Helper()
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("%s is no longer a symlink (%v): the link was replaced", link, err)
	}
	if got, _ := os.Readlink(link); got != dest {
		t.Errorf("link now points to %q, want %q", got, dest)
	}
}

func TestEditSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	mustSymlink(t, b, a)
	mustSymlink(t, a, b)
	if _, _, err := Edit(a, setKey("k", 1)); err == nil {
		t.Fatal("Edit through a symlink loop = nil error")
	}
	checkSymlinkKept(t, a, b)
	checkSymlinkKept(t, b, a)
}
