package summarise

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/testkit/standin"
)

func TestMain(m *testing.M) {
	standin.Act(fakeClaudeMain)
	os.Exit(m.Run())
}

// fakeClaudeMain records its arguments (one per line), stdin and
// AI_SUMMARISER in SUMMARISE_FAKE_DIR, then answers as act says.
func fakeClaudeMain(act string) int {
	dir := os.Getenv("SUMMARISE_FAKE_DIR")
	var args strings.Builder
	for _, a := range os.Args[1:] {
		fmt.Fprintf(&args, "[%s]\n", a)
	}
	in, _ := io.ReadAll(os.Stdin)
	for name, data := range map[string]string{"args": args.String(), "stdin": string(in), "env": os.Getenv("AI_SUMMARISER")} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600); err != nil {
			return 2
		}
	}
	switch act {
	case "answers":
		fmt.Print(`{"type":"result","subtype":"success","is_error":false,"result":"the summary"}`)
	case "api error":
		fmt.Print(`{"type":"result","subtype":"error_during_execution","is_error":true,"result":"API Error: 500 overloaded"}`)
		return 1
	case "crash":
		fmt.Fprintln(os.Stderr, "boom")
		return 3
	case "garbage":
		fmt.Println("hello")
	case "no result":
		fmt.Print(`{"type":"result","subtype":"success","is_error":false}`)
	case "hangs with a child":
		child := exec.Command(os.Args[0])
		child.Env = append(os.Environ(), standin.Env("sleeps"), "SUMMARISE_FAKE_DIR="+filepath.Join(dir, "child-dir"))
		_ = os.Mkdir(filepath.Join(dir, "child-dir"), 0o700)
		if child.Start() != nil || os.WriteFile(filepath.Join(dir, "child"), []byte(strconv.Itoa(child.Process.Pid)), 0o600) != nil {
			return 2
		}
		_ = child.Wait()
	case "sleeps":
		time.Sleep(30 * time.Second)
	}
	return 0
}

// fakeClaude puts a stand-in claude on PATH, acting as act says; it
// returns the folder of its records.
func fakeClaude(t *testing.T, act string) string {
	t.Helper()
	dir := standin.OnPath(t, "claude", act)
	t.Setenv("SUMMARISE_FAKE_DIR", dir)
	return dir
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestClaudeRunsPrintModeWithoutSettings(t *testing.T) {
	dir := fakeClaude(t, "answers")
	got, err := Claude{Model: "haiku"}.Summarise(context.Background(), "fold these\nnotes")
	if err != nil || got != "the summary" {
		t.Fatalf("Summarise = %q, %v", got, err)
	}
	wantArgs := "[-p]\n[--setting-sources]\n[]\n[--tools]\n[]\n[--no-session-persistence]\n[--output-format]\n[json]\n[--model]\n[haiku]\n"
	if a := read(t, filepath.Join(dir, "args")); a != wantArgs {
		t.Errorf("claude args:\n%s\nwant:\n%s", a, wantArgs)
	}
	if in := read(t, filepath.Join(dir, "stdin")); in != "fold these\nnotes" {
		t.Errorf("claude stdin = %q", in)
	}
	if env := read(t, filepath.Join(dir, "env")); env != "1" {
		t.Errorf("AI_SUMMARISER = %q, want 1", env)
	}
}

func TestClaudeDefaultModel(t *testing.T) {
	args := Claude{}.Args()
	if args[len(args)-1] != "sonnet" {
		t.Errorf("default model = %q", args[len(args)-1])
	}
}

func TestClaudeFailures(t *testing.T) {
	tests := []struct {
		act, want string
	}{
		{"api error", "API Error: 500 overloaded"},
		{"crash", "boom"},
		{"garbage", `unreadable output "hello"`},
		{"no result", "success"},
	}
	for _, tt := range tests {
		t.Run(tt.act, func(t *testing.T) {
			fakeClaude(t, tt.act)
			_, err := Claude{}.Summarise(context.Background(), "p")
			if !errors.Is(err, ErrBackend) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Summarise = %v, want ErrBackend with %q", err, tt.want)
			}
		})
	}
}

func TestClaudeMissing(t *testing.T) {
	_, err := Claude{Bin: filepath.Join(t.TempDir(), "claude")}.Summarise(context.Background(), "p")
	if !errors.Is(err, ErrBackend) {
		t.Errorf("Summarise with no claude = %v", err)
	}
}

func TestClaudeHangIsKilled(t *testing.T) {
	dir := fakeClaude(t, "hangs with a child")
	// Long enough for the stand-in to start its child on a loaded machine
	// (a process starts slowly under Wine), far short of the child's 30 s.
	const timeout = 3 * time.Second
	start := time.Now()
	_, err := Claude{Timeout: timeout}.Summarise(context.Background(), "p")
	if !errors.Is(err, ErrBackend) || !strings.Contains(err.Error(), "no answer within "+timeout.String()) {
		t.Errorf("Summarise(hang) = %v", err)
	}
	if d := time.Since(start); d > timeout+5*time.Second {
		t.Errorf("returned after %v", d)
	}
	// The whole process tree goes, the stand-in's own child included.
	pid, err := strconv.Atoi(strings.TrimSpace(read(t, filepath.Join(dir, "child"))))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(3 * time.Second)
	for proc.Alive(pid) && !zombie(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("child %d of the hanging claude still runs", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// zombie reports a process that was killed and waits for init to reap it
// (Linux; elsewhere never).
func zombie(pid int) bool {
	stat, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	return strings.Contains(string(stat), ") Z ")
}

func TestOneLine(t *testing.T) {
	long := strings.Repeat("abcd ", 200)
	tests := []struct {
		in    string
		limit int
		want  string
	}{
		{"  one\n\ntwo \t three ", 100, "one two three"},
		{"exactly ten", 11, "exactly ten"},
		{"cut at a word boundary please", 20, "cut at a word…"},
		{"nowordboundaryatallhere", 10, "nowordbou…"},
		{"ééééé", 3, "éé…"},
		{"", 10, ""},
		{"x", 0, ""},
	}
	for _, tt := range tests {
		if got := OneLine(tt.in, tt.limit); got != tt.want {
			t.Errorf("OneLine(%q, %d) = %q, want %q", tt.in, tt.limit, got, tt.want)
		}
	}
	if got := OneLine(long, 512); utf8.RuneCountInString(got) > 512 {
		t.Errorf("OneLine(long, 512) has %d characters", utf8.RuneCountInString(got))
	}
}

// TestExclusive: while one run holds the lock, one more caller waits and
// a third steps aside; the waiting one runs after the first.
func TestExclusive(t *testing.T) {
	dir := t.TempDir()
	release := make(chan struct{})
	started := make(chan struct{})
	var order []string
	var mu sync.Mutex
	note := func(s string) { mu.Lock(); order = append(order, s); mu.Unlock() }
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		_, _ = Exclusive(dir, "fold", time.Minute, func() error { close(started); <-release; note("first"); return nil })
	}()
	<-started
	queued := make(chan struct{})
	testOnlyQueued = func() { close(queued) }
	defer func() { testOnlyQueued = func() {} }()
	go func() {
		defer wg.Done()
		ran, err := Exclusive(dir, "fold", time.Minute, func() error { note("second"); return nil })
		if !ran || err != nil {
			t.Errorf("waiting caller: ran %v, %v", ran, err)
		}
	}()
	<-queued
	ran, err := Exclusive(dir, "fold", time.Minute, func() error { note("third"); return nil })
	if ran || err != nil {
		t.Errorf("third caller: ran %v, %v; want it to step aside", ran, err)
	}
	close(release)
	wg.Wait()
	got := strings.Join(order, ",")
	if got != "first,second" {
		t.Errorf("order = %s, want the waiting caller after the running one", got)
	}
}

func TestLoggerRotates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "memory.log")
	l := Logger{Path: path, Now: func() time.Time { return time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC) }}
	if err := os.WriteFile(path, make([]byte, maxLog+1), 0o600); err != nil {
		t.Fatal(err)
	}
	l.Printf("folded #%s", "0-15")
	if got := read(t, path); got != "2026-05-01T10:00:00Z folded #0-15\n" {
		t.Errorf("log = %q", got)
	}
	if fi, err := os.Stat(path + ".1"); err != nil || fi.Size() != maxLog+1 {
		t.Errorf("rotated log: %v", err)
	}
}

func TestQueued(t *testing.T) {
	dir := t.TempDir()
	if Queued(dir, "fold") {
		t.Fatal("Queued with nobody waiting")
	}
	release := make(chan struct{})
	running := make(chan struct{})
	go func() {
		_, _ = Exclusive(dir, "fold", time.Minute, func() error { close(running); <-release; return nil })
	}()
	<-running
	if Queued(dir, "fold") {
		t.Error("Queued while one runs and none waits")
	}
	queued := make(chan struct{})
	testOnlyQueued = func() { close(queued) }
	defer func() { testOnlyQueued = func() {} }()
	done := make(chan struct{})
	go func() { _, _ = Exclusive(dir, "fold", time.Minute, func() error { return nil }); close(done) }()
	<-queued
	if !Queued(dir, "fold") {
		t.Error("not Queued while one waits")
	}
	close(release)
	<-done
}
