package git

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCrashHelper is the child of TestKilledMidCommit: it commits
// crash.txt and kills itself at the stage named by GITSTORE_CRASH_AT.
func TestCrashHelper(t *testing.T) {
	dir, stage := os.Getenv("GITSTORE_CRASH_DIR"), os.Getenv("GITSTORE_CRASH_AT")
	if dir == "" {
		t.Skip("helper process for TestKilledMidCommit")
	}
	testOnlyCrash = func(at string) {
		if at == stage {
			killSelf()
		}
	}
	s, _, err := Open(dir, opts(1))
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Update(func(tx *Tx) (string, error) {
		tx.Write("crash.txt", []byte("written by the killed writer\n"))
		tx.Write("notes/a.txt", []byte("one\ntwo\n"))
		return "killed", nil
	})
	t.Fatalf("not killed at %q: %v", stage, err)
}

// TestKilledMidCommit kills a writer at each step of a commit. Before the
// branch moves the change is simply lost; after, the next writer brings
// the working files up to HEAD first. Readers never see a partial file,
// and the repository stays sound (git fsck).
func TestKilledMidCommit(t *testing.T) {
	for _, tt := range []struct {
		stage     string
		committed bool
	}{
		{"objects", false},
		{"ref", true},
		{"worktree", true},
	} {
		t.Run(tt.stage, func(t *testing.T) {
			s := scratch(t)
			write(t, s, "before", map[string]string{"notes/a.txt": "one\n"})
			before, _ := s.Head()
			cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$", "-test.count=1")
			cmd.Env = append(os.Environ(), "GITSTORE_CRASH_DIR="+s.Dir(), "GITSTORE_CRASH_AT="+tt.stage)
			out, err := cmd.CombinedOutput()
			if !killed(err) {
				t.Fatalf("helper was not killed: %v\n%s", err, out)
			}
			after, _ := s.Head()
			if moved := after != before; moved != tt.committed {
				t.Fatalf("HEAD moved = %v, want %v", moved, tt.committed)
			}
			if data, err := s.Read("notes/a.txt"); err != nil || (string(data) != "one\n" && string(data) != "one\ntwo\n") {
				t.Errorf("reader saw notes/a.txt = %q, %v", data, err)
			}
			// The next Open completes a commit whose working files were
			// not written, so readers see it before anyone writes again.
			s2, _, err := Open(s.Dir(), opts(1))
			if err != nil {
				t.Fatal(err)
			}
			_, err = s2.Read("crash.txt")
			if (err == nil) != tt.committed {
				t.Errorf("after Open, crash.txt readable = %v, want %v", err == nil, tt.committed)
			}
			write(t, s2, "next", map[string]string{"next.txt": "after the crash\n"})
			checkClean(t, s2)
			_, err = os.Stat(filepath.Join(s.Dir(), "crash.txt"))
			if (err == nil) != tt.committed {
				t.Errorf("crash.txt present = %v, want %v", err == nil, tt.committed)
			}
			fsck(t, s.Dir())
		})
	}
}

// fsck runs `git fsck --strict` on dir when git is installed.
func fsck(t *testing.T, dir string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Log("git not installed: fsck skipped")
		return
	}
	out, err := exec.Command("git", "-C", dir, "fsck", "--strict", "--no-dangling").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "" {
		t.Errorf("git fsck: %v\n%s", err, out)
	}
}

// TestKilledAtomicWriteLeftovers: a writer killed inside an atomic write
// leaves a temporary file; the next writer removes it (in the working
// files when it repairs them, in refs/heads always).
func TestKilledAtomicWriteLeftovers(t *testing.T) {
	s := scratch(t)
	write(t, s, "add", map[string]string{"notes/a.txt": "one\n"})
	strays := []string{
		filepath.Join(s.Dir(), "notes", ".a.txt.tmp123"),
		filepath.Join(s.GitDir(), "refs", "heads", ".main.tmp456"),
		filepath.Join(s.GitDir(), ".index.tmp789"),
	}
	for _, p := range strays {
		if err := os.WriteFile(p, []byte("half"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// As after a kill between the branch moving and the marker.
	if err := os.WriteFile(filepath.Join(s.GitDir(), markerFile), []byte("0000000000000000000000000000000000000000\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	write(t, s, "next", map[string]string{"b.txt": "b\n"})
	for _, p := range strays {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s left behind", p)
		}
	}
	checkClean(t, s)
	fsck(t, s.Dir())
}

// TestAfterGitGC: a store packed by `git gc` (objects and refs) takes
// further commits.
func TestAfterGitGC(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	s := scratch(t)
	write(t, s, "one", map[string]string{"notes/a.txt": "1\n"})
	if out, err := exec.Command("git", "-C", s.Dir(), "gc", "--quiet", "--prune=now").CombinedOutput(); err != nil {
		t.Fatalf("git gc: %v\n%s", err, out)
	}
	write(t, s, "two", map[string]string{"notes/a.txt": "1\n2\n"})
	if msgs := checkClean(t, s); strings.Join(msgs, "|") != "two|one|Create" {
		t.Errorf("commits = %q", msgs)
	}
	fsck(t, s.Dir())
}
