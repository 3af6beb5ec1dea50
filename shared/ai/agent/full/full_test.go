package full

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	aiproject "github.com/session-intelligence/session-intelligence/shared/ai/project"
	"github.com/session-intelligence/session-intelligence/shared/ai/store"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// project makes a project in HOME/proj with agents dev and ops and
// returns a workspace opener and HOME.
func project(t *testing.T, userToml, projectToml string) (func() *Workspace, string) {
	t.Helper()
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	must(t, os.MkdirAll(filepath.Join(home, ".ai"), 0o700))
	must(t, os.MkdirAll(proj, 0o755))
	must(t, os.WriteFile(filepath.Join(home, ".ai", "ai.toml"), []byte(userToml), 0o600))
	must(t, os.WriteFile(filepath.Join(proj, "ai.toml"), []byte(projectToml), 0o600))
	now := func() time.Time { return benchAt }
	if _, err := aiproject.Init(proj, home, now, bytes.NewReader(make([]byte, 16))); err != nil {
		t.Fatal(err)
	}
	open := func() *Workspace {
		w, err := Open(Env{Home: home, IO: proc.IO{Cwd: proj, Getenv: func(k string) string { return map[string]string{"HOME": home}[k] }, Now: now}})
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	w := open()
	must(t, w.New("dev", "ai agent new dev"))
	must(t, w.New("ops", "ai agent new ops"))
	return open, home
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func transcriptFile(t *testing.T, dir, name string, turns int) string {
	t.Helper()
	var tr transcript
	for i := range turns {
		tr.turn(i, 1, 2)
	}
	path := filepath.Join(dir, name)
	must(t, os.WriteFile(path, tr.buf.Bytes(), 0o600))
	return path
}

func commitLog(t *testing.T, dir string) []string {
	t.Helper()
	repo, err := git.PlainOpen(dir)
	must(t, err)
	head, err := repo.Head()
	must(t, err)
	iter, err := repo.Log(&git.LogOptions{From: head.Hash()})
	must(t, err)
	var out []string
	_ = iter.ForEach(func(c *object.Commit) error { out = append(out, c.Message); return nil })
	slices.Reverse(out)
	return out
}

// TestAttachRules: a session has one agent at a time; attaching it
// again rebuilds its part of the thread; only new makes an agent.
func TestAttachRules(t *testing.T) {
	open, home := project(t, "", "")
	w := open()
	path := transcriptFile(t, home, "s1.jsonl", 3)
	if _, err := w.Attach("nobody", "s1", path, home, "ai agent attach nobody"); !errors.Is(err, thread.ErrNoAgent) {
		t.Errorf("attach to an unknown agent: %v", err)
	}
	res, err := w.Attach("dev", "s1", path, home, "ai agent attach dev")
	if err != nil || res.Turns != 3 || res.Again {
		t.Fatalf("attach = %+v, %v", res, err)
	}
	if _, err := w.Attach("ops", "s1", path, home, "ai agent attach ops"); !errors.Is(err, ErrAttached) || !strings.Contains(err.Error(), "detach it first") {
		t.Errorf("attach elsewhere: %v", err)
	}
	if res, err := w.Attach("dev", "s1", "", home, "ai agent attach dev"); err != nil || !res.Again || res.Turns != 3 {
		t.Errorf("attach again = %+v, %v", res, err)
	}
	if name, err := w.Detach("s1", "ai agent detach"); err != nil || name != "dev" {
		t.Errorf("detach = %q, %v", name, err)
	}
	if _, err := w.Detach("s1", "ai agent detach"); !errors.Is(err, ErrNotAttached) {
		t.Errorf("detach twice: %v", err)
	}
	want := []string{"ai init", "ai agent new dev", "ai agent new ops", "ai agent attach dev", "ai agent attach dev", "ai agent detach"}
	if got := commitLog(t, w.Root()); !slices.Equal(got, want) {
		t.Errorf("commits = %q\nwant %q", got, want)
	}
}

// TestConcurrentAttach: sessions attaching the same agent at once are
// all recorded, one commit each, the records intact.
func TestConcurrentAttach(t *testing.T) {
	open, home := project(t, "", "")
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for i := range 4 {
		sid := "s" + string(rune('1'+i))
		path := transcriptFile(t, home, sid+".jsonl", 2)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := open().Attach("dev", sid, path, home, "ai agent attach dev")
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		must(t, err)
	}
	th, err := thread.Load(thread.Agent{Root: open().Root(), Name: "dev"})
	if err != nil || len(th.Sessions) != 4 || len(th.Turns) != 8 {
		t.Fatalf("thread after 4 attaches: %v sessions, %v turns, %v", len(th.Sessions), len(th.Turns), err)
	}
	if got := commitLog(t, open().Root()); len(got) != 3+4 {
		t.Errorf("commits = %q", got)
	}
}

// stub is a summariser that answers at once.
type stub struct{ fail error }

func (s stub) Summarise(context.Context, string) (string, error) {
	return strings.Repeat("summarised ", 60), s.fail
}

// TestResume: without a session, a new one whose system prompt holds the
// instructions (user's, then project's, then private) and the view; with
// one, that session resumed in its directory; a failing summariser starts
// nothing.
func TestResume(t *testing.T) {
	open, home := project(t, "[agents.dev]\ninstructions = \"dev.md\"\n", "[agents.dev]\ninstructions = \"ai/agents/dev.md\"\n")
	proj := filepath.Join(home, "proj")
	must(t, os.WriteFile(filepath.Join(home, ".ai", "dev.md"), []byte("USER RULES"), 0o600))
	must(t, os.MkdirAll(filepath.Join(proj, "ai", "agents"), 0o755))
	must(t, os.WriteFile(filepath.Join(proj, "ai", "agents", "dev.md"), []byte("PROJECT RULES"), 0o600))
	// The private settings themselves, not through ai.local.toml: that is
	// their link, which Windows may not let ai init make.
	must(t, os.WriteFile(filepath.Join(proj, ".ai", "local", "ai.toml"), []byte("[agents.dev]\ninstructions = \"mine.md\"\n"), 0o600))
	must(t, os.WriteFile(filepath.Join(proj, "mine.md"), []byte("PRIVATE RULES"), 0o600))
	w := open()
	l, err := w.Resume(context.Background(), "dev", proj, "ai agent resume dev", []string{"-p", "go"}, BuildOptions{Summariser: stub{}})
	must(t, err)
	prompt := l.Args[slices.Index(l.Args, "--append-system-prompt")+1]
	if !l.New || l.Args[0] != "--session-id" || l.Dir != proj || !slices.Equal(l.Args[len(l.Args)-2:], []string{"-p", "go"}) {
		t.Errorf("new launch = %+v", l)
	}
	if !regexp.MustCompile(`(?s)^USER RULES\n\nPROJECT RULES\n\nPRIVATE RULES\n\nYou are the agent dev of project proj\..*# agent dev in project proj: no turns yet`).MatchString(prompt) {
		t.Errorf("system prompt:\n%s", prompt)
	}
	must(t, os.MkdirAll(filepath.Dir(DefaultTranscript(w.Env.Getenv, proj, l.SessionID)), 0o700))
	must(t, os.WriteFile(DefaultTranscript(w.Env.Getenv, proj, l.SessionID), []byte{}, 0o600))
	again, err := w.Resume(context.Background(), "dev", home, "ai agent resume dev", nil, BuildOptions{Summariser: stub{}})
	if err != nil || again.New || !slices.Equal(again.Args[:2], []string{"--resume", l.SessionID}) || again.Dir != proj {
		t.Errorf("resume = %+v, %v", again, err)
	}
	sid := "s9"
	path := transcriptFile(t, home, "s9.jsonl", 6)
	if _, err := w.Attach("ops", sid, path, proj, "ai agent attach ops"); err != nil {
		t.Fatal(err)
	}
	must(t, os.Remove(path))
	_, err = w.Resume(context.Background(), "ops", proj, "ai agent resume ops", nil, BuildOptions{Summariser: stub{fail: errors.New("no model")}})
	if err == nil || !strings.Contains(err.Error(), "no session started") || !strings.Contains(err.Error(), "no model") {
		t.Errorf("resume with a failing summariser: %v", err)
	}
}

// TestEndSessionWhenBusy: a store held by another process makes the
// SessionEnd commit give up quickly; the next event commits its work.
func TestEndSessionWhenBusy(t *testing.T) {
	open, home := project(t, "", "")
	w := open()
	path := transcriptFile(t, home, "s1.jsonl", 2)
	if _, err := w.Attach("dev", "s1", path, home, "ai agent attach dev"); err != nil {
		t.Fatal(err)
	}
	held := make(chan struct{})
	done := make(chan struct{})
	go func() {
		_ = store.Locked(w.Root(), time.Second, func() error { close(held); <-done; return nil })
	}()
	<-held
	start := time.Now()
	if _, err := w.EndSession("s1", path, 100*time.Millisecond); err == nil || time.Since(start) > time.Second {
		t.Errorf("EndSession on a busy store = %v after %v", err, time.Since(start))
	}
	close(done)
	if name, err := w.EndSession("s1", path, time.Second); err != nil || name != "dev" {
		t.Errorf("EndSession = %q, %v", name, err)
	}
}
