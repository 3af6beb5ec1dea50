package memory

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/soak"
)

// TestNoteHelper is the child process of the tests below: it adds
// MEMORY_HELPER_N notes "writer W note I" to MEMORY_HELPER_DIR (0: until
// killed), each as its own Open and Add, like separate `ai memory note`
// runs.
func TestNoteHelper(t *testing.T) {
	dir := os.Getenv("MEMORY_HELPER_DIR")
	if dir == "" {
		t.Skip("helper process")
	}
	w := os.Getenv("MEMORY_HELPER_W")
	n, _ := strconv.Atoi(os.Getenv("MEMORY_HELPER_N"))
	for i := 0; n == 0 || i < n; i++ {
		m, _, err := Open(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Add(fmt.Sprintf("writer %s note %d", w, i)); err != nil {
			t.Fatal(err)
		}
	}
}

func startWriter(t *testing.T, dir string, w, n int) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestNoteHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), "MEMORY_HELPER_DIR="+dir, fmt.Sprintf("MEMORY_HELPER_W=%d", w),
		fmt.Sprintf("MEMORY_HELPER_N=%d", n))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// TestManyWritersLoseNothing: 8 processes add 200 notes each (fewer under SI_SOAK_EACH) at once.
// Every note is there once, ids run without a gap, there is one commit
// per note and the repository is sound.
func TestManyWritersLoseNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("1,600 commits from 8 processes")
	}
	m := newMemory(t)
	const writers = 8
	each := soak.Each(200)
	var cmds []*exec.Cmd
	for w := range writers {
		cmds = append(cmds, startWriter(t, m.Dir(), w, each))
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("writer: %v", err)
		}
	}
	m.forget()
	n, err := m.Count()
	if err != nil || n != writers*each {
		t.Fatalf("Count = %d, %v; want %d", n, err, writers*each)
	}
	notes, err := m.Notes(0, n)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, note := range notes {
		if note.ID != i || seen[note.Text] {
			t.Fatalf("note %d: %+v (duplicate or out of place)", i, note)
		}
		seen[note.Text] = true
	}
	for w := range writers {
		for i := range each {
			if !seen[fmt.Sprintf("writer %d note %d", w, i)] {
				t.Errorf("lost: writer %d note %d", w, i)
			}
		}
	}
	if commits := status(t, m); commits-1 > writers*each {
		t.Errorf("%d note commits for %d notes", commits-1, writers*each)
	}
	fsck(t, m.Dir())
}

// TestKilledWritersNeverCorrupt kills writers at random moments while a
// reader keeps reading: the reader only ever sees whole notes, and
// afterwards the store opens, every note is whole, the next note works
// and the repository is sound.
func TestKilledWritersNeverCorrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("kills processes")
	}
	m := newMemory(t)
	stop := make(chan struct{})
	readErr := make(chan error, 1)
	go func() { readErr <- readUntil(m.Dir(), stop) }()
	for round := range 6 {
		var cmds []*exec.Cmd
		for w := range 3 {
			cmds = append(cmds, startWriter(t, m.Dir(), round*10+w, 0))
		}
		time.Sleep(time.Duration(300+rand.IntN(500)) * time.Millisecond)
		for _, c := range cmds {
			_ = c.Process.Signal(syscall.SIGKILL)
			_ = c.Wait()
		}
	}
	close(stop)
	if err := <-readErr; err != nil {
		t.Fatalf("reader saw a broken note: %v", err)
	}
	m2, _, err := Open(m.Dir(), clock())
	if err != nil {
		t.Fatal(err)
	}
	n, err := m2.Count()
	if err != nil || n == 0 {
		t.Fatalf("Count after kills = %d, %v", n, err)
	}
	if _, err := m2.Notes(0, n); err != nil {
		t.Fatalf("notes after kills: %v", err)
	}
	if note, err := m2.Add("after the kills"); err != nil || note.ID != n {
		t.Fatalf("Add after kills = %+v, %v; want #%d", note, err, n)
	}
	status(t, m2)
	fsck(t, m.Dir())
	t.Logf("%d notes written by killed writers", n)
}

// readUntil reads every note again and again until stop is closed.
func readUntil(dir string, stop chan struct{}) error {
	for {
		select {
		case <-stop:
			return nil
		default:
		}
		m, _, err := Open(dir, nil)
		if err != nil {
			return err
		}
		n, err := m.Count()
		if err != nil {
			return err
		}
		notes, err := m.Notes(0, n)
		if err != nil {
			return err
		}
		for _, note := range notes {
			if !strings.HasPrefix(note.Text, "writer ") {
				return fmt.Errorf("note %+v", note)
			}
		}
	}
}

// fsck runs `git fsck --strict` when git is installed.
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
