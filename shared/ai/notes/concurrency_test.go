package notes

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/soak"
)

// TestAddHelper is the child process of the tests below: it files
// NOTES_HELPER_N notes "writer W note I" in NOTES_HELPER_DIR (0: until
// killed), each by its own Open and Add, like separate `ai notes add`
// runs, spread over three topics.
func TestAddHelper(t *testing.T) {
	dir := os.Getenv("NOTES_HELPER_DIR")
	if dir == "" {
		t.Skip("helper process")
	}
	w := os.Getenv("NOTES_HELPER_W")
	n, _ := strconv.Atoi(os.Getenv("NOTES_HELPER_N"))
	for i := 0; n == 0 || i < n; i++ {
		s, _, err := Open(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		tp := Topic{"shared", fmt.Sprintf("t%d", i%3)}
		text := fmt.Sprintf("writer %s note %d", w, i)
		if _, err := s.Add(Draft{Topic: tp, Title: text, Claim: text}); err != nil {
			t.Fatal(err)
		}
	}
}

func startAdder(t *testing.T, dir string, w, n int) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestAddHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), "NOTES_HELPER_DIR="+dir, fmt.Sprintf("NOTES_HELPER_W=%d", w),
		fmt.Sprintf("NOTES_HELPER_N=%d", n))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// allNotes reads every note file of the store, failing on any that does
// not parse.
func allNotes(t *testing.T, n *Notes) []Note {
	t.Helper()
	c, err := n.scan()
	if err != nil {
		t.Fatal(err)
	}
	var out []Note
	for _, d := range c {
		for _, id := range d.Notes {
			note, _, err := n.readNote(notePath(d.Topic, id), d.Topic, nil)
			if err != nil {
				t.Fatalf("note %s: %v", id, err)
			}
			out = append(out, note)
		}
	}
	return out
}

// TestManyAddersLoseNothing: 8 processes file 200 notes each (fewer under SI_SOAK_EACH) at once.
// Every note is there once, there is at most one commit per note, and
// the repository is sound.
func TestManyAddersLoseNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("1,600 commits from 8 processes")
	}
	n := newNotes(t)
	const writers = 8
	each := soak.Each(200)
	var cmds []*exec.Cmd
	for w := range writers {
		cmds = append(cmds, startAdder(t, n.Dir(), w, each))
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("writer: %v", err)
		}
	}
	seen := map[string]int{}
	for _, note := range allNotes(t, n) {
		seen[note.Claim]++
	}
	for w := range writers {
		for i := range each {
			if k := seen[fmt.Sprintf("writer %d note %d", w, i)]; k != 1 {
				t.Errorf("writer %d note %d is there %d times", w, i, k)
			}
		}
	}
	if len(seen) != writers*each {
		t.Errorf("%d distinct notes, want %d", len(seen), writers*each)
	}
	if commits := len(gitLog(t, n)); commits-1 > writers*each {
		t.Errorf("%d commits for %d notes", commits-1, writers*each)
	}
	fsck(t, n.Dir())
}

// TestKilledAddersNeverCorrupt: adders killed at random moments leave no
// half-written note and no broken repository; the next note works and
// the working files match HEAD.
func TestKilledAddersNeverCorrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("kills processes")
	}
	n := newNotes(t)
	for round := range 4 {
		var cmds []*exec.Cmd
		for w := range 3 {
			cmds = append(cmds, startAdder(t, n.Dir(), round*10+w, 0))
		}
		time.Sleep(time.Duration(200+rand.IntN(400)) * time.Millisecond)
		for _, c := range cmds {
			_ = c.Process.Signal(syscall.SIGKILL)
			_ = c.Wait()
		}
	}
	after, _, err := Open(n.Dir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	add(t, after, "after.kill", "still works", "still works")
	notes := allNotes(t, after)
	if len(notes) < 2 {
		t.Fatalf("only %d notes survived", len(notes))
	}
	fsck(t, n.Dir())
	cleanWorktree(t, after)
	if tmp, _ := filepath.Glob(filepath.Join(n.Dir(), "shared", "*", ".*tmp*")); len(tmp) != 0 {
		t.Errorf("temporary files left visible: %v", tmp)
	}
}

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
