package bootstrap

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

var now = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

const (
	rulesV1 = "## Rules\n- one\n"
	rulesV2 = "## Rules\n- one\n- two\n"
)

// blockOf is the managed block holding rules.
func blockOf(rules string) string { return BeginMarker + "\n" + rules + EndMarker + "\n" }

func TestClaudeMD(t *testing.T) {
	user := "# My project\n\nUse tabs.\n"
	tests := []struct {
		name   string
		in     *string // nil: no file
		want   string  // "" means unchanged (or still missing)
		action Action
		reason string
		backup bool
	}{
		{name: "missing", want: blockOf(rulesV1), action: Created},
		{name: "no markers", in: &user, want: blockOf(rulesV1) + "\n" + user, action: Prepended, backup: true},
		{name: "empty file", in: ptr(""), want: blockOf(rulesV1) + "\n", action: Prepended},
		{name: "only our stale block", in: ptr("\n" + blockOf(rulesV2) + "\n"), want: "\n" + blockOf(rulesV1) + "\n", action: Refreshed},
		{name: "stale block", in: ptr("intro\n" + blockOf(rulesV2) + "\n" + user), want: "intro\n" + blockOf(rulesV1) + "\n" + user, action: Refreshed, backup: true},
		{name: "current block", in: ptr("intro\n" + blockOf(rulesV1) + user), action: Unchanged},
		{name: "markers indented", in: ptr("  " + BeginMarker + "  \nold\n\t" + EndMarker + "\ntail"), want: "  " + BeginMarker + "  \n" + rulesV1 + "\t" + EndMarker + "\ntail", action: Refreshed, backup: true},
		{name: "end at eof without newline", in: ptr(BeginMarker + "\nold\n" + EndMarker), want: BeginMarker + "\n" + rulesV1 + EndMarker, action: Refreshed},
		{name: "crlf", in: ptr("a\r\nb\r\n"), want: strings.ReplaceAll(blockOf(rulesV1)+"\n", "\n", "\r\n") + "a\r\nb\r\n", action: Prepended, backup: true},
		{name: "byte order mark", in: ptr("\ufeff# T\n"), want: "\ufeff" + blockOf(rulesV1) + "\n# T\n", action: Prepended, backup: true},
		{name: "stale block after a byte order mark", in: ptr("\ufeff" + blockOf(rulesV2) + "\n# T\n"), want: "\ufeff" + blockOf(rulesV1) + "\n# T\n", action: Refreshed, backup: true},
		{name: "only begin", in: ptr(user + BeginMarker + "\nx\n"), action: LeftAlone, reason: "only one"},
		{name: "only end", in: ptr(EndMarker + "\n" + user), action: LeftAlone, reason: "only one"},
		{name: "end before begin", in: ptr(EndMarker + "\nx\n" + BeginMarker + "\n"), action: LeftAlone, reason: "before"},
		{name: "duplicated pair", in: ptr(blockOf("a\n") + user + blockOf("b\n")), action: LeftAlone, reason: "duplicated"},
		{name: "two begins", in: ptr(BeginMarker + "\n" + BeginMarker + "\n" + EndMarker + "\n"), action: LeftAlone, reason: "duplicated"},
		{name: "marker quoted inline", in: ptr("see `" + BeginMarker + "` below\n"), action: LeftAlone, reason: "shares its line"},
		{name: "binary", in: ptr("\x00\x01" + user), action: LeftAlone, reason: "not a text file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, root := testDirs(t), tempDir(t)
			mkdir(t, filepath.Join(root, ".claude")) // a project, so a missing file is created
			path := filepath.Join(root, claudeFile)
			if tt.in != nil {
				writeFile(t, path, *tt.in)
				if err := os.Chmod(path, 0o640); err != nil {
					t.Fatal(err)
				}
				age(t, path)
			}
			res, err := ClaudeMD(d, root, []byte(rulesV1), true, now)
			if err != nil || res.Action != tt.action || !strings.Contains(res.Reason, tt.reason) || res.Path != path {
				t.Fatalf("ClaudeMD() = %+v, %v; want %s %q", res, err, tt.action, tt.reason)
			}
			checkClaudeMD(t, path, tt.in, tt.want)
			bak := backupPath(d, path)
			if got, err := os.ReadFile(bak); tt.backup != (err == nil) || (err == nil && string(got) != *tt.in) {
				t.Errorf("backup %s: %q, %v; want backup %v of the original", bak, got, err, tt.backup)
			}
			if tt.backup != (res.Backup == bak) {
				t.Errorf("Result.Backup = %q, want %v", res.Backup, tt.backup)
			}
			if n := len(entries(t, root)); n != 2 {
				t.Errorf("project holds %d entries, want .claude and CLAUDE.md only", n)
			}
		})
	}
}

// backupPath is where the backup of the CLAUDE.md at path made at now
// goes.
func backupPath(d paths.Dirs, path string) string {
	return filepath.Join(d.State, "backups", "claude-md", backupKey(path), "CLAUDE.md.20260304T050607Z")
}

// entries lists the names in dir.
func entries(t testing.TB, dir string) []string {
	t.Helper()
	list, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range list {
		names = append(names, e.Name())
	}
	return names
}

func ptr(s string) *string { return &s }

// checkClaudeMD checks the content and mode of CLAUDE.md after a call.
func checkClaudeMD(t *testing.T, path string, in *string, want string) {
	t.Helper()
	if want == "" {
		if in != nil {
			untouched(t, path)
			if got := readFile(t, path); got != *in {
				t.Errorf("content changed:\n%q", got)
			}
		}
		return
	}
	if got := readFile(t, path); got != want {
		t.Errorf("content:\n%q\nwant:\n%q", got, want)
	}
	fi, err := os.Stat(path)
	wantMode := os.FileMode(0o640) // an edit keeps the file's mode
	if in == nil {
		wantMode = 0o644
	}
	if want := filemode.Shown(wantMode, false); err != nil || fi.Mode().Perm() != want {
		t.Errorf("mode = %v, %v; want %v", fi.Mode().Perm(), err, want)
	}
}

func TestClaudeMDBadPaths(t *testing.T) {
	tests := []struct {
		name   string
		make   func(t *testing.T, path string)
		reason string // "" means an error is expected
	}{
		{"directory", func(t *testing.T, path string) { mkdir(t, path) }, "not a regular file"},
		{"fifo", func(t *testing.T, path string) {
			if err := mkfifo(path); err != nil {
				t.Skip("no fifo:", err)
			}
		}, "not a regular file"},
		{"dangling symlink", func(t *testing.T, path string) {
			symlink(t, path+".gone", path)
		}, "symlink to nothing"},
		{"too large", func(t *testing.T, path string) {
			writeFile(t, path, strings.Repeat("x", maxClaudeMD+1))
		}, "too large"},
		{"unreadable", func(t *testing.T, path string) {
			writeFile(t, path, "x\n")
			unreadable(t, path)
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, root := testDirs(t), tempDir(t)
			path := filepath.Join(root, claudeFile)
			tt.make(t, path)
			res, err := ClaudeMD(d, root, []byte(rulesV1), true, now)
			if tt.reason == "" {
				if err == nil {
					t.Errorf("ClaudeMD() = %+v, nil; want an error", res)
				}
			} else if err != nil || res.Action != LeftAlone || !strings.Contains(res.Reason, tt.reason) {
				t.Errorf("ClaudeMD() = %+v, %v; want left alone: %s", res, err, tt.reason)
			}
			if entries, _ := os.ReadDir(root); len(entries) != 1 {
				t.Errorf("directory now holds %d entries, want only CLAUDE.md", len(entries))
			}
		})
	}
}

// TestClaudeMDUnreachable: a root that is a file makes CLAUDE.md
// unreachable even for root, so the error path runs in every test setup.
// Windows says a path through a file does not exist: CLAUDE.md is then
// missing from what is no project, and nothing is made.
func TestClaudeMDUnreachable(t *testing.T) {
	root := filepath.Join(tempDir(t), "file")
	writeFile(t, root, "x")
	res, err := ClaudeMD(testDirs(t), root, []byte(rulesV1), true, now)
	switch {
	case runtime.GOOS == "windows":
		if err != nil || res.Action != NotProject {
			t.Errorf("ClaudeMD(root is a file) = %+v, %v; want not a project", res, err)
		}
	case err == nil:
		t.Errorf("ClaudeMD(root is a file) = %+v, nil; want an error", res)
	}
	if got := readFile(t, root); got != "x" {
		t.Errorf("root file changed: %q", got)
	}
}

// TestClaudeMDBackupOnce: the pristine file is saved once; later edits,
// even on other days, never add a second backup.
func TestClaudeMDBackupOnce(t *testing.T) {
	d, root := testDirs(t), tempDir(t)
	path := filepath.Join(root, claudeFile)
	writeFile(t, path, "mine\n")
	steps := []struct {
		rules  string
		at     time.Time
		action Action
		backup bool
	}{
		{rulesV1, now, Prepended, true},
		{rulesV2, now.Add(24 * time.Hour), Refreshed, false},
		{rulesV1, now.Add(48 * time.Hour), Refreshed, false},
		{rulesV1, now.Add(72 * time.Hour), Unchanged, false},
	}
	for i, s := range steps {
		res, err := ClaudeMD(d, root, []byte(s.rules), true, s.at)
		if err != nil || res.Action != s.action || (res.Backup != "") != s.backup {
			t.Errorf("step %d: ClaudeMD() = %+v, %v; want %s, backup %v", i, res, err, s.action, s.backup)
		}
	}
	baks, _ := filepath.Glob(filepath.Join(d.State, "backups", "claude-md", "*", "CLAUDE.md.*"))
	if len(baks) != 1 || readFile(t, baks[0]) != "mine\n" {
		t.Errorf("backups = %v, want exactly one holding the original", baks)
	}
	if got := entries(t, root); len(got) != 1 {
		t.Errorf("project holds %q, want CLAUDE.md only", got)
	}
	if got, want := readFile(t, path), blockOf(rulesV1)+"\nmine\n"; got != want {
		t.Errorf("content = %q, want %q", got, want)
	}
}

func TestClaudeMDSymlink(t *testing.T) {
	d, root := testDirs(t), tempDir(t)
	shared := filepath.Join(root, "AGENTS.md")
	writeFile(t, shared, "shared\n")
	path := filepath.Join(root, claudeFile)
	symlink(t, "AGENTS.md", path)
	res, err := ClaudeMD(d, root, []byte(rulesV1), true, now)
	if err != nil || res.Action != Prepended {
		t.Fatalf("ClaudeMD() = %+v, %v", res, err)
	}
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("CLAUDE.md is no longer a symlink: %v", err)
	}
	if got := readFile(t, shared); got != blockOf(rulesV1)+"\nshared\n" {
		t.Errorf("link target = %q", got)
	}
}

func TestClaudeMDRefusals(t *testing.T) {
	d, root := testDirs(t), tempDir(t)
	mkdir(t, filepath.Join(root, ".claude"))
	tests := []struct {
		name    string
		rules   string
		enabled bool
		action  Action
		err     bool
	}{
		{"disabled", rulesV1, false, Disabled, false},
		{"empty rules", "\n\n", true, LeftAlone, true},
		{"rules holding a marker", "x\n" + EndMarker + "\n", true, LeftAlone, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := ClaudeMD(d, root, []byte(tt.rules), tt.enabled, now)
			if (err != nil) != tt.err || res.Action != tt.action {
				t.Errorf("ClaudeMD() = %+v, %v; want %s, error %v", res, err, tt.action, tt.err)
			}
			if _, err := os.Stat(filepath.Join(root, claudeFile)); err == nil {
				t.Error("CLAUDE.md written")
			}
		})
	}
}
