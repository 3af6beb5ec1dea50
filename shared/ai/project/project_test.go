package project

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

var at = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

func now() time.Time { return at }

// TestEncodeVectors: TypeID's published encodings of two UUIDs.
func TestEncodeVectors(t *testing.T) {
	tests := []struct {
		hex, want string
	}{
		{"00000000000000000000000000000000", "00000000000000000000000000"},
		{"0110c8531d0952d8d73e1194e95b5f19", "0123456789abcdefghjkmnpqrs"},
		{"01890a5dac96774bbcceb302099a8057", "01h455vb4pex5vsknk084sn02q"},
		{"ffffffffffffffffffffffffffffffff", "7zzzzzzzzzzzzzzzzzzzzzzzzz"},
	}
	for _, tt := range tests {
		var u [16]byte
		for i := range u {
			var b byte
			for _, c := range tt.hex[2*i : 2*i+2] {
				b = b<<4 | byte(strings.IndexRune("0123456789abcdef", c))
			}
			u[i] = b
		}
		if got := encode(u); got != tt.want {
			t.Errorf("encode(%s) = %s, want %s", tt.hex, got, tt.want)
		}
	}
}

func TestNewIDIsV7(t *testing.T) {
	id, err := NewID(at, bytes.NewReader(bytes.Repeat([]byte{0xff}, 16)))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^project_[0-7][0-9a-hjkmnp-tv-z]{25}$`).MatchString(id) {
		t.Errorf("id %q is not a TypeID", id)
	}
	later, _ := NewID(at.Add(time.Millisecond), bytes.NewReader(make([]byte, 16)))
	if later <= id[:len("project_")+10] {
		t.Errorf("ids do not sort by time: %s then %s", id, later)
	}
	if _, err := NewID(at, bytes.NewReader(nil)); err == nil {
		t.Error("NewID with no randomness succeeded")
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestInit: a first run mints the id and makes every place; a second run
// changes nothing; an ai.toml with a [project] table keeps its other keys.
func TestInit(t *testing.T) {
	tests := []struct {
		name, aiToml, gitignore string
		check                   func(t *testing.T, aiToml string)
	}{
		{"empty directory", "", "", nil},
		{"settings without [project]", "[chat]\nbackground = false", "node_modules/\n/ai.local.toml\n", func(t *testing.T, s string) {
			if !strings.HasPrefix(s, "[chat]\nbackground = false\n\n[project]\nid = ") {
				t.Errorf("ai.toml = %q", s)
			}
		}},
		{"[project] without id", "[project]\nname = \"widget\"\n[chat]\nbackground = true\n", "", func(t *testing.T, s string) {
			if !regexp.MustCompile(`^\[project\]\nid = "project_\w+"  # .*\nname = "widget"\n\[chat\]`).MatchString(s) {
				t.Errorf("ai.toml = %q", s)
			}
		}},
	}
	linked := canLink(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			dir := filepath.Join(home, "proj")
			must(t, os.MkdirAll(dir, 0o755))
			if tt.aiToml != "" {
				must(t, os.WriteFile(filepath.Join(dir, "ai.toml"), []byte(tt.aiToml), 0o644))
			}
			if tt.gitignore != "" {
				must(t, os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(tt.gitignore), 0o644))
			}
			r, err := Init(dir, home, now, bytes.NewReader(make([]byte, 16)))
			if err != nil || !r.Minted {
				t.Fatalf("Init = %+v, %v", r, err)
			}
			if tt.check != nil {
				tt.check(t, read(t, filepath.Join(dir, "ai.toml")))
			}
			p, err := Find(home, filepath.Join(dir))
			if err != nil || p.ID != r.ID || p.Root != dir || p.Name != "proj" && tt.name != "[project] without id" {
				t.Fatalf("Find = %+v, %v", p, err)
			}
			checkLink(t, dir, r, linked)
			ignore := read(t, filepath.Join(dir, ".gitignore"))
			if strings.Count(ignore, "ai.local.toml") != 1 || strings.Count(ignore, "/.ai/local/") != 1 {
				t.Errorf(".gitignore = %q", ignore)
			}
			if _, err := os.Stat(filepath.Join(dir, ".ai", "local", ".git")); err != nil {
				t.Errorf("no private store: %v", err)
			}
			again, err := Init(dir, home, now, bytes.NewReader(make([]byte, 16)))
			if err != nil || again.Minted || again.ID != r.ID || len(again.Done) != len(unlinked(again)) {
				t.Errorf("second Init = %+v, %v", again, err)
			}
		})
	}
}

func TestInitRefuses(t *testing.T) {
	home := t.TempDir()
	if _, err := Init(filepath.Join(home, ".ai"), home, now, bytes.NewReader(make([]byte, 16))); err == nil {
		t.Error("Init in ~/.ai succeeded")
	}
	dir := filepath.Join(home, "p")
	must(t, os.MkdirAll(dir, 0o755))
	must(t, os.WriteFile(filepath.Join(dir, LinkName), []byte("[chat]\n"), 0o644))
	_, err := Init(dir, home, now, bytes.NewReader(make([]byte, 16)))
	if err == nil || !strings.Contains(err.Error(), "move it to") {
		t.Errorf("Init with ai.local.toml a file = %v", err)
	}
	if _, err := Find(home, t.TempDir()); !errors.Is(err, ErrNoProject) {
		t.Errorf("Find outside a project = %v", err)
	}
}

// TestWorktreeSharesPrivate: in a linked git worktree the project's
// private store is the main checkout's, and ai init links to it.
func TestWorktreeSharesPrivate(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	home := t.TempDir()
	main := filepath.Join(home, "main")
	wt := filepath.Join(home, "wt")
	must(t, os.MkdirAll(main, 0o755))
	git := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t", "HOME="+home)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git(main, "init", "-q")
	r, err := Init(main, home, now, bytes.NewReader(make([]byte, 16)))
	if err != nil {
		t.Fatal(err)
	}
	git(main, "add", "ai.toml", ".gitignore")
	git(main, "commit", "-qm", "ai")
	git(main, "worktree", "add", "-q", wt)
	if _, err := Init(wt, home, now, bytes.NewReader(make([]byte, 16))); err != nil {
		t.Fatal(err)
	}
	p, err := Find(home, wt)
	if err != nil || p.ID != r.ID || p.Root != wt || p.MainRoot != main || p.LocalDir() != filepath.Join(main, ".ai", "local") {
		t.Fatalf("Find in the worktree = %+v, %v", p, err)
	}
	if target, _ := os.Readlink(filepath.Join(wt, LinkName)); canLink(t) && target != filepath.Join(main, ".ai", "local", "ai.toml") {
		t.Errorf("the worktree's link points at %q", target)
	}
	if _, err := os.Stat(filepath.Join(wt, ".ai", "local")); err == nil {
		t.Error("ai init made a private store in the worktree")
	}
}

// canLink reports whether this user may make symbolic links. Windows
// lets an account make them only with Developer Mode or as
// administrator (the Windows lane's Wine refuses them too); there ai
// init goes on without ai.local.toml and says so.
func canLink(t *testing.T) bool {
	err := os.Symlink("target", filepath.Join(t.TempDir(), "link"))
	if err != nil && runtime.GOOS != "windows" {
		t.Fatal(err)
	}
	return err == nil
}

// unlinked is what r says of an ai.local.toml it could not link.
func unlinked(r InitResult) []string {
	var out []string
	for _, d := range r.Done {
		if strings.HasPrefix(d, "did not link "+LinkName) {
			out = append(out, d)
		}
	}
	return out
}

// checkLink: the project's ai.local.toml reads the private settings, or
// where links cannot be made is absent and Init said why.
func checkLink(t *testing.T, dir string, r InitResult, linked bool) {
	t.Helper()
	link := filepath.Join(dir, LinkName)
	if linked {
		if got := read(t, link); !strings.HasPrefix(got, "# Private settings") {
			t.Errorf("ai.local.toml reads %q", got)
		}
		return
	}
	if _, err := os.Lstat(link); !errors.Is(err, fs.ErrNotExist) || len(unlinked(r)) != 1 {
		t.Errorf("without links: ai.local.toml %v, Done %q; want none and one note", err, r.Done)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
