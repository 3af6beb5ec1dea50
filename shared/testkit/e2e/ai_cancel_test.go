package e2e

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// holdTurnLine makes the summariser hold back the line of the turn whose
// message is msg (not its work summary) until release is closed.
func holdTurnLine(w *agentWorld, msg string, release chan struct{}) {
	hold := func(p string) {
		if strings.Contains(p, "Message:\n"+msg) && strings.Contains(p, "\nFinal reply:\n") {
			select {
			case <-release:
			case <-time.After(2 * time.Minute):
			}
		}
	}
	w.hold.Store(&hold)
}

// threeTurns attaches session sid to dev and runs three turns, the first
// two with a tool call, in -p.
func threeTurns(t *testing.T, w *agentWorld, sid string) {
	t.Helper()
	proj := w.env.Project
	w.claude(t, proj, "/ai attach dev", "--session-id", sid)
	w.claude(t, proj, "first task [[bash: echo one]]", "--resume", sid)
	w.claude(t, proj, "second task [[bash: echo two]]", "--resume", sid)
	w.claude(t, proj, "third task", "--resume", sid)
}

// TestAiSlashCancelInTUI: Esc while /ai writes the lines its view needs
// (Claude Code aborts the module's hook and stops bin/ai): the terminal
// says that nothing was compacted, which lines were written and that the
// next /ai goes on from them; the conversation stays whole; the next /ai
// writes only what was left and replaces the context.
func TestAiSlashCancelInTUI(t *testing.T) {
	t.Parallel()
	w, sid := slashWorld(t, "[chat]\nbackground = false\n[agent.view]\nlatest = 1\nrecent = 1\n")
	proj := w.env.Project
	local := filepath.Join(proj, ".ai", "local")
	release := make(chan struct{})
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	holdTurnLine(w, "first task", release)
	threeTurns(t, w, sid)
	must(t, w.env.SeedInteractive())
	tui := w.env.StartTUI(t, 200, 50, "--plugin-dir", w.plugin, "--resume", sid)
	_, err := tui.WaitFor("third task", 30*time.Second)
	must(t, err)
	time.Sleep(time.Second) // the TUI swallows keys while it settles
	must(t, tui.Submit("/ai", 10*time.Second))
	// The view needs #0's and #1's work summaries, then #0's line, held.
	waitUntil(t, 90*time.Second, "the work summaries", func() bool { return summaryLines(t, local, "dev")["work"] == 2 })
	time.Sleep(500 * time.Millisecond) // #0's line is asked for
	esc := time.Now()
	must(t, tui.SendKeys("Escape"))
	want := regexp.MustCompile(`/ai was cancelled: nothing was compacted; the conversation is as it was\. It had written 2 of the 3 summary lines the view needs \((#0 work, #1 work|#1 work, #0 work)\); they stay, and the next /ai goes on from them\.`)
	waitUntil(t, 30*time.Second, "the cancel message", func() bool { return want.MatchString(oneLine(tui.CaptureAll())) })
	t.Logf("Esc to the cancel message: %v; the screen:\n%s", time.Since(esc), tui.Capture())
	if screen := tui.CaptureAll(); strings.Contains(screen, "HooksError") || strings.Contains(screen, "Compacted") {
		t.Errorf("the cancel reads as a crash, or compacted:\n%s", screen)
	}
	if got := commits(t, local); got[len(got)-1] != "/ai" {
		t.Errorf("the lines written are not committed as /ai: %q", got)
	}

	// Nothing was compacted: the next turn carries the whole conversation.
	must(t, tui.Submit("after the cancel", 10*time.Second))
	waitUntil(t, 60*time.Second, "the request after the cancel", func() bool { _, ok := firstRequestWith(w.api, "after the cancel"); return ok })
	r, _ := firstRequestWith(w.api, "after the cancel")
	if r.Contains(thread.ViewMarker) || toolResults(r) < 2 {
		t.Errorf("the conversation changed although /ai was cancelled:\n%s", firstMessage(r))
	}
	_, err = tui.WaitFor("FAKE-REPLY to: after the cancel", 30*time.Second)
	must(t, err)

	// The next /ai goes on from the lines written: no work summary again.
	close(release)
	works := w.works.Load()
	must(t, tui.Submit("/ai", 10*time.Second))
	_, err = tui.WaitFor("Compacted", 90*time.Second)
	must(t, err)
	if n := w.works.Load() - works; n != 0 {
		t.Errorf("the second /ai asked for %d work summaries again", n)
	}
	must(t, tui.Submit("after the view", 10*time.Second))
	waitUntil(t, 60*time.Second, "the request after /ai", func() bool { _, ok := firstRequestWith(w.api, "after the view"); return ok })
	r, _ = firstRequestWith(w.api, "after the view")
	if sent := sentView(t, r); !strings.Contains(sent, "SUMMARY of: first task") {
		t.Errorf("the view after the second /ai lacks the held line:\n%s", sent)
	}
	must(t, tui.Exit(30*time.Second))
}

// TestAgentBuildCancelOnTerminal: Ctrl-C during ai agent build on a
// terminal stops the model calls and says which lines were written, that
// they stay (committed) and that the next build goes on from them.
func TestAgentBuildCancelOnTerminal(t *testing.T) {
	t.Parallel()
	w, sid := slashWorld(t, "[chat]\nbackground = false\n")
	proj := w.env.Project
	local := filepath.Join(proj, ".ai", "local")
	release := make(chan struct{})
	defer close(release)
	holdTurnLine(w, "first task", release)
	threeTurns(t, w, sid)
	term := *w.env
	term.Bin = cctest.Bin(t, "ai")
	tui := term.StartTUI(t, 200, 20, "agent", "build", "-a", "dev")
	// Two work summaries, then three turn lines of which #0's is held.
	waitUntil(t, 90*time.Second, "four lines", func() bool {
		n := summaryLines(t, local, "dev")
		return n["work"]+n["turn"] == 4
	})
	_, err := tui.WaitFor("4/5", 10*time.Second) // the progress bar
	must(t, err)
	interrupt := time.Now()
	must(t, tui.SendKeys("C-c"))
	want := regexp.MustCompile(`ai: cancelled\. It had written 4 of the 5 summary lines \(#[0-9].*\); they stay, and the next ai agent build -a dev goes on from them\.`)
	waitUntil(t, 30*time.Second, "the cancel message", func() bool { return want.MatchString(oneLine(tui.CaptureAll())) })
	t.Logf("Ctrl-C to the cancel message: %v; the screen:\n%s", time.Since(interrupt), tui.Capture())
	if got := commits(t, local); got[len(got)-1] != "ai agent build dev" {
		t.Errorf("the lines written are not committed: %q", got)
	}
	out := w.ai(t, proj, "agent", "build", "-a", "dev", "--dry-run")
	if !strings.Contains(out, "1 lines to write, in this order: #0") {
		t.Errorf("after the cancel, the dry run says: %s", out)
	}
}
