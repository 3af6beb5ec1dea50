package bootstrap

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

// runAt runs the bootstrap for cwd with rulesV1 and returns the report
// and the state it left.
func runAt(t *testing.T, d paths.Dirs, cwd string) (Report, state) {
	t.Helper()
	rep := Run(Options{Dirs: d, Cwd: cwd, Now: now, ClaudeMDEnabled: true, Rules: []byte(rulesV1)})
	st, _, err := loadState(d.State)
	if err != nil {
		t.Fatal(err)
	}
	return rep, st
}

// TestRunCreatesOnlyInProjects: an existing CLAUDE.md is kept up to date
// anywhere, but a new one appears only at the top of a work tree or
// beside a .claude folder.
func TestRunCreatesOnlyInProjects(t *testing.T) {
	tests := []struct {
		name    string
		make    func(t *testing.T, dir string) (cwd string)
		want    string // the CLAUDE.md expected, relative to dir; "" for none
		created bool
	}{
		{"scratch directory", func(t *testing.T, dir string) string { return dir }, "", false},
		{"repository root", func(t *testing.T, dir string) string { git(t, dir, "init", "-q"); return dir }, "CLAUDE.md", true},
		{"repository subdirectory", func(t *testing.T, dir string) string {
			git(t, dir, "init", "-q")
			mkdir(t, filepath.Join(dir, "sub", "deeper"))
			return filepath.Join(dir, "sub", "deeper")
		}, "CLAUDE.md", true},
		{"linked worktree", func(t *testing.T, dir string) string {
			writeFile(t, filepath.Join(dir, ".git"), "gitdir: /elsewhere/.git/worktrees/w\n")
			return dir
		}, "CLAUDE.md", true},
		{"folder with .claude", func(t *testing.T, dir string) string { mkdir(t, filepath.Join(dir, ".claude")); return dir }, "CLAUDE.md", true},
		{"existing file in a scratch directory", func(t *testing.T, dir string) string {
			writeFile(t, filepath.Join(dir, claudeFile), "notes\n")
			return dir
		}, "CLAUDE.md", false},
		{"subdirectory of a scratch directory", func(t *testing.T, dir string) string {
			mkdir(t, filepath.Join(dir, ".claude"))
			mkdir(t, filepath.Join(dir, "sub"))
			return filepath.Join(dir, "sub")
		}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if strings.Contains(tt.name, "repository") {
				requireGit(t)
			}
			d, dir := testDirs(t), tempDir(t)
			cwd := tt.make(t, dir)
			rep, st := runAt(t, d, cwd)
			if len(rep.Problems) > 0 {
				t.Errorf("Run() problems = %q", rep.Problems)
			}
			found, _ := filepath.Glob(filepath.Join(dir, "*", claudeFile))
			if tt.want == "" {
				if _, err := os.Lstat(filepath.Join(dir, claudeFile)); err == nil || len(found) > 0 || len(st.ClaudeMD) > 0 {
					t.Errorf("CLAUDE.md written or recorded: %v %v", found, st.ClaudeMD)
				}
				return
			}
			path := filepath.Join(dir, tt.want)
			if got := readFile(t, path); !strings.HasPrefix(got, blockOf(rulesV1)) || len(found) > 0 {
				t.Errorf("%s = %q (also %v); want the block at the project's top only", tt.want, got, found)
			}
			e := st.ClaudeMD[path]
			if e == nil || !e.Managed || e.Created != tt.created || e.WrittenAt != "2026-03-04T05:06:07Z" {
				t.Errorf("state entry = %+v; want managed, created %v, written at now", e, tt.created)
			}
		})
	}
}

// TestRunNoticesNewProject: a scratch directory is not written off; once
// it becomes a repository, its CLAUDE.md is created.
func TestRunNoticesNewProject(t *testing.T) {
	d, dir := testDirs(t), tempDir(t)
	requireGit(t)
	runAt(t, d, dir)
	git(t, dir, "init", "-q")
	if rep, _ := runAt(t, d, dir); len(rep.Actions) == 0 || !strings.HasPrefix(rep.Actions[len(rep.Actions)-1], "created") {
		t.Errorf("Run() after git init = %+v; want CLAUDE.md created", rep)
	}
}

// TestClaudeMDRefusesSymlinks: a CLAUDE.md symlink that someone else may
// have planted is never followed; refusing is a reason, not an error.
func TestClaudeMDRefusesSymlinks(t *testing.T) {
	tests := []struct {
		name   string
		setup  func(t *testing.T, root, link string)
		reason string
	}{
		{"owned by another user", func(t *testing.T, root, link string) {
			saved := testOnlyOwnedByOther
			testOnlyOwnedByOther = func(fi fs.FileInfo) bool { return fi.Mode()&fs.ModeSymlink != 0 }
			t.Cleanup(func() { testOnlyOwnedByOther = saved })
		}, "owned by another user"},
		{"really owned by uid 65534", func(t *testing.T, root, link string) {
			if err := os.Lchown(link, 65534, 65534); err != nil || os.Geteuid() == 65534 {
				t.Skip("cannot give a symlink to another user:", err)
			}
		}, "owned by another user"},
		{"in a world-writable sticky directory", func(t *testing.T, root, link string) {
			filemode.OpenToAll(t, root)
		}, "world-writable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, root, elsewhere := testDirs(t), tempDir(t), tempDir(t)
			mkdir(t, filepath.Join(root, ".claude"))
			secret := filepath.Join(elsewhere, "victim.md")
			writeFile(t, secret, "someone's file\n")
			link := filepath.Join(root, claudeFile)
			symlink(t, secret, link)
			tt.setup(t, root, link)
			res, err := ClaudeMD(d, root, []byte(rulesV1), true, now)
			if err != nil || res.Action != LeftAlone || !strings.Contains(res.Reason, tt.reason) {
				t.Errorf("ClaudeMD() = %+v, %v; want left alone: %s", res, err, tt.reason)
			}
			if got := readFile(t, secret); got != "someone's file\n" {
				t.Errorf("link target changed: %q", got)
			}
			if _, err := os.Stat(d.Backups()); err == nil {
				t.Error("a backup was made of a file we refused")
			}
		})
	}
}

// TestRunRefusalIsALogLine: through Run, a refused symlink is one
// problem in the report (a warning in the log), reported once.
func TestRunRefusalIsALogLine(t *testing.T) {
	d, root := testDirs(t), tempDir(t)
	mkdir(t, filepath.Join(root, ".claude"))
	writeFile(t, filepath.Join(root, "AGENTS.md"), "x\n")
	symlink(t, "AGENTS.md", filepath.Join(root, claudeFile))
	filemode.OpenToAll(t, root)
	for i, want := range []int{1, 0} {
		if rep, _ := runAt(t, d, root); len(rep.Problems) != want || (want == 1 && !strings.Contains(rep.Problems[0], "world-writable")) {
			t.Errorf("Run() #%d = %+v; want %d problem about the symlink", i, rep, want)
		}
	}
}

// TestSameFile: a regular CLAUDE.md swapped for another file between the
// look and the read is not edited.
func TestSameFile(t *testing.T) {
	dir := tempDir(t)
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	writeFile(t, a, "a")
	writeFile(t, b, "b")
	fa, _ := os.Lstat(a)
	fb, _ := os.Lstat(b)
	if err := sameFile(a, fa, fa); err != nil {
		t.Errorf("sameFile(a, a) = %v", err)
	}
	if err := sameFile(a, fa, fb); err == nil {
		t.Error("sameFile(a, b) = nil, want an error")
	}
}

// TestBackupIndex: the backup is indexed under the state directory, an
// old-style backup beside the file still counts as the one backup, and a
// lost index entry is mended at the next edit.
func TestBackupIndex(t *testing.T) {
	d, root := testDirs(t), tempDir(t)
	path := filepath.Join(root, claudeFile)
	writeFile(t, path, "mine\n")
	res, err := ClaudeMD(d, root, []byte(rulesV1), true, now)
	if err != nil || res.Backup != backupPath(d, path) {
		t.Fatalf("ClaudeMD() = %+v, %v; want a backup at %s", res, err, backupPath(d, path))
	}
	index := filepath.Join(claudeBackups(d), backupIndex)
	want := map[string]string{filepath.Join(backupKey(path), "CLAUDE.md.20260304T050607Z"): path}
	checkIndex(t, index, want)
	for _, p := range []string{d.Backups(), claudeBackups(d), filepath.Dir(res.Backup)} {
		filemode.Check(t, p, 0o700)
	}
	for _, p := range []string{res.Backup, index} {
		filemode.Check(t, p, 0o600)
	}

	if err := os.Remove(index); err != nil {
		t.Fatal(err)
	}
	if _, err := ClaudeMD(d, root, []byte(rulesV2), true, now); err != nil {
		t.Fatal(err)
	}
	checkIndex(t, index, want)

	legacyRoot := tempDir(t)
	legacy := filepath.Join(legacyRoot, claudeFile)
	writeFile(t, legacy, "old\n")
	writeFile(t, filepath.Join(legacyRoot, "CLAUDE.md.bak-si-20200101T000000Z"), "old\n")
	if res, err := ClaudeMD(d, legacyRoot, []byte(rulesV1), true, now); err != nil || res.Backup != "" || res.Action != Prepended {
		t.Errorf("ClaudeMD(legacy backup beside) = %+v, %v; want prepended without a new backup", res, err)
	}
}

func requireGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
}

func checkIndex(t *testing.T, file string, want map[string]string) {
	t.Helper()
	raw, err := fsutil.ReadCapped(file, maxBackupIndex)
	var got map[string]string
	if err == nil {
		err = jsonx.Unmarshal(raw, &got)
	}
	if err != nil || len(got) != len(want) {
		t.Fatalf("index = %v, %v; want %v", got, err, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("index[%s] = %q, want %q", k, got[k], v)
		}
	}
}

// TestRunLeavesRepoClean: in the user's repository the bootstrap changes
// CLAUDE.md and nothing else; backups and bookkeeping live in the state
// directory.
func TestRunLeavesRepoClean(t *testing.T) {
	tests := []struct {
		name   string
		commit bool // CLAUDE.md with the user's text is committed first
		want   string
	}{
		{"new CLAUDE.md", false, "?? CLAUDE.md"},
		{"user's CLAUDE.md edited and backed up", true, "M CLAUDE.md"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newRunFixture(t)
			if tt.commit {
				writeFile(t, f.claude, "# House rules\n")
				git(t, f.root, "add", claudeFile)
				git(t, f.root, "commit", "-q", "-m", "rules")
			}
			for _, rules := range []string{rulesV1, rulesV2} {
				if rep := f.run(rules); len(rep.Problems) > 0 {
					t.Fatalf("Run() = %+v", rep)
				}
			}
			if got := git(t, f.root, "status", "--porcelain", "--ignored", "--untracked-files=all"); got != tt.want {
				t.Errorf("git status = %q, want %q", got, tt.want)
			}
			baks, _ := filepath.Glob(filepath.Join(claudeBackups(f.d), "*", "CLAUDE.md.*"))
			if tt.commit != (len(baks) == 1) {
				t.Errorf("backups in the state directory = %v; want one: %v", baks, tt.commit)
			}
		})
	}
}
