package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// run is one in-process `ai` world: a scratch HOME, a settable clock and
// a record of background starts.
type run struct {
	home, cwd string
	env       map[string]string
	now       time.Time
	spawned   [][]string
}

func newRun(t *testing.T) *run {
	root := t.TempDir()
	r := &run{home: filepath.Join(root, "home"), cwd: filepath.Join(root, "home", "proj"),
		now: time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)}
	r.env = map[string]string{"HOME": r.home, "XDG_CACHE_HOME": filepath.Join(root, "cache")}
	if err := os.MkdirAll(r.cwd, 0o755); err != nil {
		t.Fatal(err)
	}
	return r
}

func (r *run) ai(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := Env{IO: proc.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
		Getenv: func(k string) string { return r.env[k] }, Now: func() time.Time { return r.now },
		Cwd: r.cwd}, Spawn: func(a []string) error { r.spawned = append(r.spawned, a); return nil }}
	code = Main(args, env)
	return out.String(), errOut.String(), code
}

func (r *run) must(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := r.ai(t, args...)
	if code != 0 {
		t.Fatalf("ai %s: exit %d\n%s", strings.Join(args, " "), code, errOut)
	}
	return out
}

func (r *run) settings(t *testing.T, text string) {
	t.Helper()
	path := filepath.Join(r.home, ".ai", "ai.toml")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNoteStartsFoldOnlyWhenNeeded: the background folder is started by
// the note that leaves the view with a range to fold, with the store and
// the directory the settings are read from; not before, and not when
// background work is off.
func TestNoteStartsFoldOnlyWhenNeeded(t *testing.T) {
	r := newRun(t)
	r.fakeClaude(t)
	r.settings(t, "[memory.view]\nlines = 2\n")
	r.must(t, "memory", "init")
	r.must(t, "memory", "note", "one")
	r.must(t, "memory", "note", "two")
	if len(r.spawned) != 0 {
		t.Fatalf("started %q while everything fits", r.spawned)
	}
	r.must(t, "memory", "note", "three")
	store := filepath.Join(r.home, ".ai", "memory")
	want := fmt.Sprint([]string{"memory", "fold", "--background", "--store", store, "--from", r.cwd})
	if len(r.spawned) != 1 || fmt.Sprint(r.spawned[0]) != want {
		t.Fatalf("started %q, want [%s]", r.spawned, want)
	}
	r.must(t, "memory", "view")
	if len(r.spawned) != 2 {
		t.Errorf("a view with unfolded ranges started no fold")
	}
	for _, off := range []string{"AI_NO_BACKGROUND", "AI_SUMMARISER"} {
		r.env[off] = "1"
		r.must(t, "memory", "note", "four")
		if len(r.spawned) != 2 {
			t.Errorf("%s=1: started a fold", off)
		}
		delete(r.env, off)
	}
}

// TestFoldWithStoreFlag runs `ai memory fold` in the foreground
// with a fake backend and the store given by --store.
func TestFoldWithStoreFlag(t *testing.T) {
	r := newRun(t)
	r.settings(t, "[memory.view]\nlines = 2\n")
	dir := filepath.Join(r.cwd, "mem")
	r.env["AI_MEMORY_DIR"] = "mem" // relative to the working directory
	r.must(t, "memory", "init")
	for _, n := range []string{"a", "b", "c"} {
		r.must(t, "memory", "note", n)
	}
	delete(r.env, "AI_MEMORY_DIR")
	var out, errOut bytes.Buffer
	env := Env{IO: proc.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
		Getenv: func(k string) string { return r.env[k] }, Now: func() time.Time { return r.now },
		Cwd: "/"}, Summariser: fixed("ab folded")}
	if code := Main([]string{"memory", "fold", "--store", dir, "--from", r.cwd}, env); code != 0 {
		t.Fatalf("fold: exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "folded #0-1") {
		t.Errorf("fold printed %q", out.String())
	}
	r.env["AI_MEMORY_DIR"] = dir
	if v := r.must(t, "memory", "view"); !strings.Contains(v, "#0-1 2026-05-01 ab folded") {
		t.Errorf("view after fold:\n%s", v)
	}
}

type fixed string

func (f fixed) Summarise(context.Context, string) (string, error) {
	return string(f), nil
}

// TestPageExpiresAfterTenIdleMinutes pages a long view with the clock
// moved between reads.
func TestPageExpiresAfterTenIdleMinutes(t *testing.T) {
	r := newRun(t)
	r.must(t, "memory", "init")
	m, _, err := memory.Open(filepath.Join(r.home, ".ai", "memory"), nil)
	if err != nil {
		t.Fatal(err)
	}
	texts := make([]string, 90)
	for i := range texts {
		texts[i] = strings.Repeat("n", 290)
	}
	if err := m.Import(texts, r.now); err != nil {
		t.Fatal(err)
	}
	if out := r.must(t, "memory", "view"); !strings.Contains(out, "next: ai page 1:2") {
		t.Fatalf("view not paged:\n%.300s", out)
	}
	r.now = r.now.Add(9 * time.Minute)
	r.must(t, "page", "1:2")
	r.now = r.now.Add(10*time.Minute + time.Second)
	_, errOut, code := r.ai(t, "page", "1:1")
	if code != 1 || !strings.Contains(errOut, "no such view 1") {
		t.Errorf("page after 10 idle minutes: exit %d, %q", code, errOut)
	}
}

func TestUsageErrors(t *testing.T) {
	r := newRun(t)
	for _, args := range [][]string{{}, {"memory"}, {"memory", "zoom"}, {"nope"}} {
		if _, _, code := r.ai(t, args...); code != 2 {
			t.Errorf("ai %q: exit %d, want 2", args, code)
		}
	}
	if out, _, code := r.ai(t, "--help"); code != 0 || !strings.Contains(out, "memory note") {
		t.Errorf("ai --help: exit %d\n%s", code, out)
	}
	delete(r.env, "HOME")
	if _, errOut, code := r.ai(t, "memory", "view"); code != 1 || !strings.Contains(errOut, "HOME is not set") {
		t.Errorf("without HOME: exit %d, %q", code, errOut)
	}
}

type failing struct{}

func (failing) Summarise(context.Context, string) (string, error) {
	return "", fmt.Errorf("api down")
}

// TestFailedFoldRestsAMinute: after a failed fold, notes do not start
// the background folder again for a minute; then they do.
func TestFailedFoldRestsAMinute(t *testing.T) {
	r := newRun(t)
	r.fakeClaude(t)
	r.settings(t, "[memory.view]\nlines = 2\n")
	r.must(t, "memory", "init")
	for _, n := range []string{"a", "b", "c"} {
		r.must(t, "memory", "note", n)
	}
	var out, errOut bytes.Buffer
	env := Env{IO: proc.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
		Getenv: func(k string) string { return r.env[k] }, Now: func() time.Time { return r.now },
		Cwd: r.cwd}, Summariser: failing{}}
	if code := Main([]string{"memory", "fold"}, env); code != 1 || !strings.Contains(errOut.String(), "api down") {
		t.Fatalf("failing fold: exit %d, %q", code, errOut.String())
	}
	r.spawned = nil
	r.now = r.now.Add(30 * time.Second)
	r.must(t, "memory", "note", "d")
	if len(r.spawned) != 0 {
		t.Errorf("started a fold 30 s after a failure")
	}
	r.now = r.now.Add(31 * time.Second)
	r.must(t, "memory", "note", "e")
	if len(r.spawned) != 1 {
		t.Errorf("no fold started a minute after the failure")
	}
	env.Summariser = fixed("ok")
	if code := Main([]string{"memory", "fold"}, env); code != 0 {
		t.Fatalf("fold: exit %d, %q", code, errOut.String())
	}
	r.must(t, "memory", "note", "f")
	if len(r.spawned) != 2 {
		t.Errorf("no fold started after a successful one")
	}
}
