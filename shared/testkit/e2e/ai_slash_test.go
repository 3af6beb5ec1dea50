package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// slashWorld is project widget (its [project] name) with a memory of two
// notes and agent dev.
func slashWorld(t *testing.T, settings string, extra ...string) (*agentWorld, string) {
	t.Helper()
	w := newAgentWorld(t, extra...)
	must(t, os.WriteFile(filepath.Join(w.env.Home, ".ai", "ai.toml"), []byte(settings), 0o600))
	proj := w.env.Project
	w.ai(t, proj, "memory", "init")
	w.ai(t, proj, "memory", "note", "the deploy needs the VPN")
	w.ai(t, proj, "memory", "note", "staging lives in eu-west-1")
	w.ai(t, proj, "init")
	toml := filepath.Join(proj, "ai.toml")
	must(t, os.WriteFile(toml, []byte(strings.Replace(string(must2(os.ReadFile(toml))), "[project]\n", "[project]\nname = \"widget\"\n", 1)), 0o644))
	w.ai(t, proj, "agent", "new", "dev")
	return w, cctest.NewSessionID()
}

// sentView is what a request after /ai opens with: its first message,
// which must be /ai's, then the output of the one ai view call, which
// must be the only tool result left (the conversation's are gone).
func sentView(t *testing.T, r fakeapi.Request) string {
	t.Helper()
	first := firstMessage(r)
	if !strings.HasPrefix(first, thread.ViewMarker) {
		t.Errorf("the request after /ai opens with %q, not /ai's message", first)
	}
	results := toolResultsAfter(r, -1)
	if len(results) != 1 {
		t.Errorf("%d tool results reached the model after /ai; want only the ai view call's", len(results))
		return first
	}
	return first + "\n" + results[0]
}

// firstRequestWith is the first message request whose prompt is p.
func firstRequestWith(api *fakeapi.Server, p string) (fakeapi.Request, bool) {
	for _, r := range api.MessageRequests() {
		if r.Prompt() == p {
			return r, true
		}
	}
	return fakeapi.Request{}, false
}

// firstMessage is the text of the request's first message.
func firstMessage(r fakeapi.Request) string {
	msgs := r.Messages()
	if len(msgs) == 0 {
		return ""
	}
	switch c := msgs[0]["content"].(type) {
	case string:
		return c
	case []any:
		var parts []string
		for _, b := range c {
			if bm, ok := b.(map[string]any); ok && bm["type"] == "text" {
				parts = append(parts, bm["text"].(string))
			}
		}
		return strings.Join(parts, "\n")
	}
	return ""
}

// toolResults counts the tool_result blocks a request carries.
func toolResults(r fakeapi.Request) int {
	return len(toolResultsAfter(r, -1))
}

// compactions counts Claude Code's own summarisation requests.
func compactions(api *fakeapi.Server) int {
	n := 0
	for _, r := range api.MessageRequests() {
		if strings.Contains(r.Text(), fakeapi.SummaryMarker) {
			n++
		}
	}
	return n
}

// TestAiSlashInPrint: in -p, /ai attach joins the session to the agent;
// /ai replaces the context with the memory and the thread's view, and
// the next request carries it, with no summarisation request; when the
// view cannot be built, /ai says why and the context stays.
func TestAiSlashInPrint(t *testing.T) {
	t.Parallel()
	t.Run("replaces", func(t *testing.T) {
		w, sid := slashWorld(t, "[agent.view]\nlatest = 1\nrecent = 1\n")
		proj := w.env.Project
		res := w.claude(t, proj, "/ai attach dev", "--session-id", sid)
		if !strings.Contains(res.Result, "Attached session "+sid+" to agent dev") {
			t.Fatalf("/ai attach: %s", res.Stdout)
		}
		w.claude(t, proj, "look around [[bash: echo checked-the-tree]]", "--resume", sid)
		w.claude(t, proj, "then fix the build", "--resume", sid)
		res = w.claude(t, proj, "/ai", "--resume", sid)
		w.claude(t, proj, "after the view", "--resume", sid)
		r, ok := firstRequestWith(w.api, "after the view")
		if !ok {
			t.Fatal("no request for the prompt after /ai")
		}
		sent := sentView(t, r)
		for _, s := range []string{"/ai replaced this conversation with ai view: the memory (2 notes) and agent dev's thread in project widget.",
			"the deploy needs the VPN", "staging lives in eu-west-1", "# agent dev in project widget: 2 turns",
			"work: SUMMARY of: look around", "user: then fix the build"} {
			if !strings.Contains(sent, s) {
				t.Errorf("the request after /ai does not open with %q; it opens with:\n%s\n(/ai said %s)", s, sent, res.Stdout)
			}
		}
		if n := compactions(w.api); n != 0 {
			t.Errorf("%d summarisation requests; /ai must make none", n)
		}
		local := filepath.Join(proj, ".ai", "local")
		waitUntil(t, 60*time.Second, "the background summariser's log", func() bool {
			data, _ := os.ReadFile(filepath.Join(local, "agents", "dev.log"))
			return strings.Contains(string(data), "summariser: wrote")
		})
		waitIdle(t, filepath.Join(local, "agents", "summarise-dev.run.lock"))
		got := strings.Join(commits(t, local), "|")
		// In -p the /ai command builds and commits the view, and its
		// compaction runs at the next start, rebuilding the view: when the
		// background summariser wrote in between, that rebuild commits a
		// second "/ai" (the view that actually replaced the context).
		want := "ai init|ai agent new dev|/ai attach dev|ai agent end-session|ai agent end-session|ai agent end-session|/ai|ai agent end-session|ai agent end-session"
		rebuilt := "ai init|ai agent new dev|/ai attach dev|ai agent end-session|ai agent end-session|ai agent end-session|/ai|ai agent end-session|/ai|ai agent end-session"
		if got != want && got != rebuilt {
			t.Errorf("commits = %s\nwant %s\n(or, after a late summary, %s)", got, want, rebuilt)
		}
	})
	t.Run("view fails", func(t *testing.T) {
		broken := t.TempDir()
		must(t, os.WriteFile(filepath.Join(broken, "claude"), []byte("#!/bin/sh\ncat >/dev/null\necho 'summariser down' >&2\nexit 3\n"), 0o755))
		w, sid := slashWorld(t, "[chat]\nbackground = false\n[agent.view]\nlatest = 1\nrecent = 1\n")
		proj := w.env.Project
		w.claude(t, proj, "/ai attach dev", "--session-id", sid)
		w.claude(t, proj, "look around [[bash: echo checked-the-tree]]", "--resume", sid)
		w.claude(t, proj, "then fix the build", "--resume", sid)
		w.env.Extra = append(w.env.Extra, "PATH="+broken+string(os.PathListSeparator)+os.Getenv("PATH"))
		res := w.claude(t, proj, "/ai", "--resume", sid)
		if !strings.Contains(res.Result, "Nothing was compacted") || !strings.Contains(res.Result, "summariser down") {
			t.Errorf("/ai with a failing summariser said: %s", res.Stdout)
		}
		w.claude(t, proj, "after the failure", "--resume", sid)
		r, ok := firstRequestWith(w.api, "after the failure")
		if !ok {
			t.Fatal("no request after /ai")
		}
		if r.Contains(thread.ViewMarker) || toolResults(r) != 1 {
			t.Errorf("the context changed although the view failed:\n%s", firstMessage(r))
		}
		if n := compactions(w.api); n != 0 {
			t.Errorf("%d summarisation requests", n)
		}
	})
}

// TestAiSlashInTUI: /ai typed in the interactive TUI replaces the context
// at once: the next request carries the view, no summary is made; the
// terminal shows a short confirmation, not the view.
func TestAiSlashInTUI(t *testing.T) {
	t.Parallel()
	w, sid := slashWorld(t, "[chat]\nbackground = false\n[agent.view]\nlatest = 1\nrecent = 1\n")
	proj := w.env.Project
	w.claude(t, proj, "/ai attach dev", "--session-id", sid)
	w.claude(t, proj, "look around [[bash: echo checked-the-tree]]", "--resume", sid)
	must(t, w.env.SeedInteractive())
	tui := w.env.StartTUI(t, 200, 50, "--plugin-dir", w.plugin, "--resume", sid)
	must(t, tui.Submit("one more turn", 30*time.Second))
	if _, err := tui.WaitFor("FAKE-REPLY to: one more turn", 15*time.Second); err != nil {
		must(t, tui.SendKeys("Enter")) // the TUI sometimes swallows the first Enter while starting
	}
	_, err := tui.WaitFor("FAKE-REPLY to: one more turn", 30*time.Second)
	must(t, err)
	must(t, tui.Submit("/ai", 10*time.Second))
	start := time.Now() // Enter pressed; the work summary of "look around" is written here, a model call
	_, err = tui.WaitFor("Compacted", 60*time.Second)
	must(t, err)
	t.Logf("/ai in the TUI: view built and context replaced in %v", time.Since(start))
	must(t, tui.Submit("after the view", 10*time.Second))
	waitUntil(t, 60*time.Second, "the request after /ai", func() bool { _, ok := firstRequestWith(w.api, "after the view"); return ok })
	r, _ := firstRequestWith(w.api, "after the view")
	sent := sentView(t, r)
	for _, s := range []string{"the deploy needs the VPN", "# agent dev in project widget: 2 turns", "work: SUMMARY of: look around", "user: one more turn"} {
		if !strings.Contains(sent, s) {
			t.Errorf("the request after /ai lacks %q; it opens with:\n%s", s, sent)
		}
	}
	if compactions(w.api) != 0 {
		t.Errorf("a summary was made")
	}
	screen := oneLine(tui.CaptureAll())
	for _, s := range []string{"Replacing the context with the memory (2 notes) and agent dev's thread in project widget.",
		"/ai replaced this conversation with ai view: the memory (2 notes) and agent dev's thread in project widget."} {
		if !strings.Contains(screen, s) {
			t.Errorf("the terminal does not confirm with %q:\n%s", s, tui.CaptureAll())
		}
	}
	for _, s := range []string{"the deploy needs the VPN", "# agent dev", "SUMMARY of"} {
		if strings.Contains(screen, s) {
			t.Errorf("the terminal shows the view (%q):\n%s", s, tui.CaptureAll())
		}
	}
	// The thread takes none of /ai's messages for a turn or a reply.
	_, err = tui.WaitFor("FAKE-REPLY to: after the view", 30*time.Second)
	must(t, err)
	// Claude Code may fire Stop before the answer reaches the transcript;
	// the Stop hook waits for it, so the turn is in the thread at once.
	deadline := time.Now().Add(30 * time.Second)
	for list := w.ai(t, proj, "agent", "list"); !strings.Contains(list, "dev  3 turns"); list = w.ai(t, proj, "agent", "list") {
		if time.Now().After(deadline) {
			t.Fatalf("the turn after /ai is not in the thread after 30s; ai agent list:\n%s\nthe plugin's log:\n%s", list, logsUnder(w.env.Home))
		}
		time.Sleep(200 * time.Millisecond)
	}
	if zoom := w.ai(t, proj, "agent", "zoom", "-a", "dev", "1"); strings.Contains(zoom, "ai view") || strings.Contains(zoom, "Understood") ||
		!strings.Contains(zoom, "FAKE-REPLY to: one more turn") {
		t.Errorf("the turn before /ai took in /ai's messages:\n%s", zoom)
	}
	must(t, tui.Exit(30*time.Second))
}

// oneLine joins a screen's lines, so that text the terminal wrapped can
// be found whole.
func oneLine(screen string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(screen, "⎿", " ")), " ")
}

// waitIdle waits until no process holds the lock file.
func waitIdle(t *testing.T, path string) {
	t.Helper()
	waitUntil(t, 60*time.Second, "the background summariser to finish", func() bool {
		fl := flock.New(path)
		ok, err := fl.TryLock()
		if ok {
			_ = fl.Unlock()
		}
		return ok || err != nil
	})
}

// TestAiSlashNothingToShow: /ai in a session with no agent and an empty
// memory says so on screen and compacts nothing: the next request still
// carries the conversation.
func TestAiSlashNothingToShow(t *testing.T) {
	t.Parallel()
	w := newAgentWorld(t)
	proj := w.env.Project
	sid := cctest.NewSessionID()
	w.claude(t, proj, "look around [[bash: echo checked-the-tree]]", "--session-id", sid)
	must(t, w.env.SeedInteractive())
	tui := w.env.StartTUI(t, 200, 50, "--plugin-dir", w.plugin, "--resume", sid)
	_, err := tui.WaitFor("look around", 30*time.Second)
	must(t, err)
	time.Sleep(time.Second) // the TUI swallows keys while it settles
	must(t, tui.Submit("/ai", 10*time.Second))
	_, err = tui.WaitFor("nothing was compacted", 60*time.Second)
	if err != nil {
		t.Fatalf("/ai with nothing to show: %v", err)
	}
	if screen := oneLine(tui.CaptureAll()); !strings.Contains(screen, "/ai has nothing to show: this session is not attached to an agent and the memory holds no notes") || strings.Contains(screen, "Compacted") {
		t.Errorf("the screen after /ai:\n%s", tui.CaptureAll())
	}
	must(t, tui.Submit("after /ai", 10*time.Second))
	waitUntil(t, 60*time.Second, "the request after /ai", func() bool { _, ok := firstRequestWith(w.api, "after /ai"); return ok })
	r, _ := firstRequestWith(w.api, "after /ai")
	if r.Contains(thread.ViewMarker) || !r.Contains("checked-the-tree") {
		t.Errorf("the conversation was replaced:\n%.2000s", r.Text())
	}
	if n := compactions(w.api); n != 0 {
		t.Errorf("%d summarisation requests", n)
	}
	must(t, tui.Exit(20*time.Second))
}
