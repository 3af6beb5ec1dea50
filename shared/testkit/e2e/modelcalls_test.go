package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// TestBackgroundModelCallsAreVisible: in the TUI, the first turn of a
// session attached to an agent tells the user (on screen, not the model)
// that the thread is summarised in the background by model calls, which
// model and the setting that turns it off; the calls reach the API, and
// si doctor and ai status count them. ai memory note says the same of
// the fold it starts.
func TestBackgroundModelCallsAreVisible(t *testing.T) {
	w := newAgentWorld(t)
	proj := w.env.Project
	w.ai(t, proj, "init")
	w.ai(t, proj, "agent", "new", "dev")
	sid := cctest.NewSessionID()
	w.claude(t, proj, "/ai attach dev", "--session-id", sid)
	must(t, w.env.SeedInteractive())
	tui := w.env.StartTUI(t, 220, 50, "--plugin-dir", w.plugin, "--resume", sid)
	time.Sleep(2 * time.Second) // the TUI swallows keys while it settles
	must(t, tui.Submit("first turn", 30*time.Second))
	const notice = "agent dev's thread is summarised in the background after each turn; each summary is a model call on your Claude Code account (claude -p --model sonnet). [chat] background = false in ai.toml turns that off"
	waitUntil(t, 60*time.Second, "the notice on screen", func() bool { return strings.Contains(oneLine(tui.CaptureAll()), notice) })
	waitUntil(t, 90*time.Second, "the background summariser's model call", func() bool { return w.summaries.Load() > 0 })
	must(t, tui.Submit("second turn", 30*time.Second))
	_, err := tui.WaitFor("FAKE-REPLY to: second turn", 60*time.Second)
	must(t, err)
	if n := strings.Count(oneLine(tui.CaptureAll()), notice); n != 1 {
		t.Errorf("the notice shows %d times; once per session", n)
	}
	if w.api.Saw("is summarised in the background after each turn") {
		t.Errorf("the notice reached the model")
	}
	must(t, tui.Exit(20*time.Second))

	doctor := exec.Command(cctest.Bin(t, "si"), "doctor")
	doctor.Dir, doctor.Env = proj, append(w.env.Environ(), w.env.Extra...)
	out, _ := doctor.CombinedOutput()
	if !strings.Contains(string(out), "model calls") || !strings.Contains(string(out), "ai agent build (background)") {
		t.Errorf("si doctor does not count the calls:\n%s", out)
	}
	if st := w.ai(t, proj, "status"); !strings.Contains(st, "ai agent build (background)") {
		t.Errorf("ai status does not count the calls:\n%s", st)
	}
	w.ai(t, proj, "memory", "init")
	must(t, writeSettings(w, "[memory.view]\nlines = 2\n"))
	w.ai(t, proj, "memory", "note", "one")
	w.ai(t, proj, "memory", "note", "two")
	if out := w.ai(t, proj, "memory", "note", "three"); !strings.Contains(out, "# a fold of older notes started in the background: a model call on your Claude Code account (claude -p --model sonnet)") {
		t.Errorf("ai memory note that starts a fold:\n%s", out)
	}
}

// writeSettings writes the user's ~/.ai/ai.toml.
func writeSettings(w *agentWorld, text string) error {
	return os.WriteFile(filepath.Join(w.env.Home, ".ai", "ai.toml"), []byte(text), 0o600)
}
