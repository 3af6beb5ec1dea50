package e2e

import (
	"fmt"
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
	t.Parallel()
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
	must(t, tui.Submit("second turn", 30*time.Second))
	_, err := tui.WaitFor("FAKE-REPLY to: second turn", 60*time.Second)
	must(t, err)
	// Each turn's end starts the summariser. On a loaded CI none came
	// within 90 s of the first turn (twice, never here alone), so the
	// call is awaited after the second, with the logs, the ledger and
	// the summarisers running printed when it does not come.
	if !polled(200*time.Second, func() bool { return w.summaries.Load() > 0 }) {
		ps, _ := exec.Command("ps", "-eo", "pid,ppid,etime,stat,args").Output()
		var running []string
		for _, l := range strings.Split(string(ps), "\n") {
			if strings.Contains(l, "agent build") || strings.Contains(l, "--setting-sources") {
				running = append(running, l)
			}
		}
		t.Fatalf("no model call from the background summariser after 200s; the logs:\n%s\nsummarisers running (any test's):\n%s",
			logsUnder(w.env.Home), strings.Join(running, "\n"))
	}
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

// polled polls cond until it holds (true) or timeout passes (false).
func polled(timeout time.Duration, cond func() bool) bool {
	for deadline := time.Now().Add(timeout); !cond(); time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			return false
		}
	}
	return true
}

// logsUnder is the end of every *.log file under dir, and the model-call
// ledger, for a failure's message.
func logsUnder(dir string) string {
	var b strings.Builder
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".log") && !strings.HasSuffix(path, "model-calls.jsonl") {
			return nil
		}
		data, _ := os.ReadFile(path)
		if len(data) > 4000 {
			data = data[len(data)-4000:]
		}
		fmt.Fprintf(&b, "== %s\n%s\n", path, data)
		return nil
	})
	return b.String()
}
