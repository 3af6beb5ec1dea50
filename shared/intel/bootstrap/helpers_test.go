package bootstrap

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// past is the modification time files are set to before a step that must
// not write them; a rewrite would move it to now.
var past = time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)

// tempDir is t.TempDir with symlinks resolved, as GitRoot returns paths.
func tempDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// testDirs lays out a fake home with its ~/.claude.
func testDirs(t testing.TB) paths.Dirs {
	t.Helper()
	base := tempDir(t)
	d, err := paths.Resolve(func(k string) string {
		if k == "HOME" {
			return filepath.Join(base, "home")
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	mkdir(t, d.Claude)
	return d
}

// symlink makes link point at target, or skips the test where this user
// may not make links: Windows lets an account make them only with
// Developer Mode or as administrator (the Windows lane's Wine refuses
// them too).
func symlink(t testing.TB, target, link string) {
	t.Helper()
	err := os.Symlink(target, link)
	switch {
	case err == nil:
	case runtime.GOOS == "windows":
		t.Skip("symbolic links need Developer Mode or admin on Windows:", err)
	default:
		t.Fatal(err)
	}
}

func mkdir(t testing.TB, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func writeFile(t testing.TB, path, data string) {
	t.Helper()
	mkdir(t, filepath.Dir(path))
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// age sets the modification time of paths to past.
func age(t testing.TB, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if err := os.Chtimes(p, past, past); err != nil {
			t.Fatal(err)
		}
	}
}

// untouched fails when a path aged with age was written since.
func untouched(t testing.TB, paths ...string) {
	t.Helper()
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
		} else if !fi.ModTime().Equal(past) {
			t.Errorf("%s was rewritten (mtime %v)", filepath.Base(p), fi.ModTime())
		}
	}
}

// git runs git in dir, isolated from the user's configuration.
func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com",
		"-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// newRepo makes a repository with one commit on branch main.
func newRepo(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root := tempDir(t)
	git(t, root, "init", "-q")
	return root
}

// commitFiles writes the files and commits them with subject, returning
// the new HEAD.
func commitFiles(t testing.TB, root, subject string, files ...string) string {
	t.Helper()
	for _, f := range files {
		writeFile(t, filepath.Join(root, f), subject+"\n")
	}
	git(t, root, "add", "-A")
	git(t, root, "commit", "-q", "--allow-empty", "-m", subject)
	return git(t, root, "rev-parse", "HEAD")
}

// saveCache stores what the background refresher would have computed.
func saveCache(t testing.TB, d paths.Dirs, root, head, subject string, files ...string) {
	t.Helper()
	st := gitinfo.Status{Key: "test", Subject: subject, Head: head, HeadFiles: files, At: past.Unix()}
	if err := gitinfo.Save(gitinfo.CachePath(d.Cache(), root), st); err != nil {
		t.Fatal(err)
	}
}

// contextPath creates the project directory of cwd, as Claude Code does,
// and returns the path of its session-context.md.
func contextPath(t testing.TB, d paths.Dirs, cwd string) string {
	t.Helper()
	dir := d.ProjectDir(cwd)
	mkdir(t, dir)
	return filepath.Join(dir, ContextFile)
}

// version identifies a file's content on disk: an atomic rewrite changes
// the inode, any write the modification time.
type version struct {
	ino   uint64
	mtime time.Time
	size  int64
}

// versions records the versions of paths.
func versions(t testing.TB, paths ...string) map[string]version {
	t.Helper()
	out := map[string]version{}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		out[p] = version{mtime: fi.ModTime(), size: fi.Size(), ino: inode(fi)}
	}
	return out
}
