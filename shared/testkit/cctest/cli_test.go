package cctest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// These tests run the real pinned Claude Code CLI.

func TestCLIVersion(t *testing.T) {
	t.Parallel()
	e := cctest.NewEnv(t, "http://127.0.0.1:9")
	res, err := e.Run(t, "--version")
	if err != nil || !strings.HasPrefix(res.Stdout, cctest.Version+" ") {
		t.Errorf("claude --version = %q, %v", res.Stdout, err)
	}
}

func TestRunPrintAndTranscript(t *testing.T) {
	t.Parallel()
	e, srv := cctest.NewFakeEnv(t, fakeapi.Options{})
	e.Project = filepath.Join(e.Home, "my_proj.v2")
	if err := os.Mkdir(e.Project, 0o755); err != nil {
		t.Fatal(err)
	}
	id := cctest.NewSessionID()
	res, err := e.Run(t, "-p", "hello MARKER-1", "--output-format", "json", "--session-id", id)
	if err != nil {
		t.Fatal(err)
	}
	if res.Result != "FAKE-REPLY to: hello MARKER-1" || res.SessionID != id || res.NumTurns != 1 {
		t.Errorf("Run() = %+v", res)
	}
	if !srv.Saw("MARKER-1") || !srv.Saw(e.Project) {
		t.Errorf("prompt or project dir did not reach the model")
	}
	if _, err := os.Stat(e.TranscriptPath(id)); err != nil {
		entries, _ := os.ReadDir(filepath.Join(e.Home, ".claude", "projects"))
		t.Errorf("transcript: %v; projects dir holds %v", err, entries)
	}
}

func TestTUI(t *testing.T) {
	t.Parallel()
	e, srv := cctest.NewFakeEnv(t, fakeapi.Options{})
	if err := e.SeedInteractive(); err != nil {
		t.Fatal(err)
	}
	tui := e.StartTUI(t, 160, 40)
	if _, err := tui.WaitFor("Claude Code v"+cctest.Version, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := tui.Submit("hi tui [[bash: echo tui-ok]]", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	screen, err := tui.WaitFor("FAKE-DONE: tui-ok", 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(screen, "Unable to connect") || len(srv.MessageRequests()) != 2 {
		t.Errorf("got %d requests; screen:\n%s", len(srv.MessageRequests()), screen)
	}
	if err := tui.SendKeys("C-c"); err != nil {
		t.Error(err)
	}
}
