package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/modelcall"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// fakeClaude puts an executable claude on the run's PATH, so that a
// summariser is there to start.
func (r *run) fakeClaude(t *testing.T) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "bin")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// Only found, never run: ai starts its background work through Spawn.
	if err := os.WriteFile(filepath.Join(dir, proc.Exe("claude")), []byte("never run\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	r.env["PATH"] = dir
}

// TestStatusMessagesAreTrue: what a view says about work left to the
// background is what happens: started (and then it is), resting after
// a failure (with the times and the command to retry now), off, or no
// summariser; only a started one is said to be running.
func TestStatusMessagesAreTrue(t *testing.T) {
	cases := []struct {
		name   string
		setup  func(t *testing.T, r *run)
		starts bool
		memory string // the view's last line
		notes  string // the zoom's last line
	}{
		{"started", func(t *testing.T, r *run) { r.fakeClaude(t) }, true,
			"# 1 range is not folded yet: a fold runs in the background (a model call: claude -p --model sonnet; ai memory fold waits for it)",
			"# summaries missing or stale: a summary build runs in the background (a model call: claude -p --model sonnet; ai notes summarise waits for it)"},
		{"off by the setting", func(t *testing.T, r *run) {
			r.fakeClaude(t)
			r.settings(t, "[memory.view]\nlines = 2\n[summariser]\nbackground = false\n")
		}, false,
			"# 1 range is not folded yet: background work is off ([summariser] background = false); run ai memory fold",
			"# summaries missing or stale: background work is off ([summariser] background = false); run ai notes summarise"},
		{"off", func(t *testing.T, r *run) { r.fakeClaude(t); r.env["AI_NO_BACKGROUND"] = "1" }, false,
			"# 1 range is not folded yet: background work is off (AI_NO_BACKGROUND=1); run ai memory fold",
			"# summaries missing or stale: background work is off (AI_NO_BACKGROUND=1); run ai notes summarise"},
		{"no summariser", func(t *testing.T, r *run) { r.env["PATH"] = t.TempDir() }, false,
			`# 1 range is not folded yet: the summariser, claude ([summariser] backend = "claude"), is not on PATH; install Claude Code, then run ai memory fold`,
			`# summaries missing or stale: the summariser, claude ([summariser] backend = "claude"), is not on PATH; install Claude Code, then run ai notes summarise`},
		{"resting", func(t *testing.T, r *run) {
			r.fakeClaude(t)
			stamp := []byte(r.now.Add(-20*time.Second).Format(time.RFC3339Nano) + "\n")
			for _, p := range []string{".ai/memory/.git/ai-fold.failed", ".ai/notes/.git/ai-summarise.failed"} {
				if err := os.WriteFile(filepath.Join(r.home, p), stamp, 0o600); err != nil {
					t.Fatal(err)
				}
			}
		}, false,
			"# 1 range is not folded yet: the last fold failed at 09:59 (see " + filepath.FromSlash("~/.ai/memory.log") + "); the next note or view after 10:00 starts another, or run ai memory fold now",
			"# summaries missing or stale: the last summary build failed at 09:59 (see " + filepath.FromSlash("~/.ai/notes.log") + "); the next ai notes command after 10:00 starts another, or run ai notes summarise now"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newRun(t)
			r.settings(t, "[memory.view]\nlines = 2\n")
			r.env["AI_NO_BACKGROUND"] = "1"
			r.must(t, "memory", "init")
			for _, n := range []string{"a", "b", "c"} {
				r.must(t, "memory", "note", n)
			}
			r.must(t, "notes", "add", "physics", "a claim")
			delete(r.env, "AI_NO_BACKGROUND")
			tc.setup(t, r)
			r.spawned = nil
			view := r.must(t, "memory", "view")
			zoom := r.must(t, "notes", "zoom", "physics")
			if got := lastLine(view); got != tc.memory {
				t.Errorf("memory view ends\n%s\nwant\n%s", got, tc.memory)
			}
			if got := lastLine(zoom); got != tc.notes {
				t.Errorf("notes zoom ends\n%s\nwant\n%s", got, tc.notes)
			}
			if started := len(r.spawned) == 2; started != tc.starts {
				t.Errorf("started %q; want started %v", r.spawned, tc.starts)
			}
			if !tc.starts && strings.Contains(view+zoom, "runs in the background") {
				t.Errorf("says work is being done that is not:\n%s%s", view, zoom)
			}
		})
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestStartsSayTheyCallAModel: a note or a claim that starts a background
// run says that it calls a model, which, and the setting that turns it
// off; one that starts none says nothing of it. The runs a summary makes
// are recorded in the model-call ledger under the command.
func TestStartsSayTheyCallAModel(t *testing.T) {
	r := newRun(t)
	r.fakeClaude(t)
	r.settings(t, "[memory.view]\nlines = 2\n")
	r.must(t, "memory", "init")
	for _, n := range []string{"a", "b"} {
		if out := r.must(t, "memory", "note", n); strings.Contains(out, "model") {
			t.Errorf("a note that starts nothing: %s", out)
		}
	}
	want := "# a fold of older notes started in the background: a model call on your Claude Code account (claude -p --model sonnet); [summariser] background = false in ~/.ai/ai.toml turns these off\n"
	if out := r.must(t, "memory", "note", "c"); out != "noted #2\n"+want {
		t.Errorf("the note that starts a fold:\n%s\nwant\n%s", out, want)
	}
	out := r.must(t, "notes", "add", "billing.rounding", "Invoices round half-even.")
	if !strings.Contains(out, "# a summary of the topics above it started in the background: a model call on your Claude Code account (claude -p --model sonnet)") {
		t.Errorf("ai notes add:\n%s", out)
	}
	r.settings(t, "[memory.view]\nlines = 2\n[summariser]\nbackground = false\n")
	r.spawned = nil
	if out := r.must(t, "memory", "note", "d"); strings.Contains(out, "model") || len(r.spawned) != 0 {
		t.Errorf("background off: %s, started %q", out, r.spawned)
	}
	// The fold itself, in the background as the note started it, asks
	// claude -p once per range and records each call.
	r.ai(t, "memory", "fold", "--background") // the fake claude fails: the call is recorded before it runs
	tally, err := modelcall.Count(filepath.Join(r.home, ".claude", "session-intelligence", "model-calls.jsonl"), time.Time{})
	if err != nil || tally.Total == 0 || tally.By["ai memory fold (background)"] != tally.Total {
		t.Errorf("ledger: %+v, %v", tally, err)
	}
}

// TestStatus: ai status names the memory, the notes, the project and the
// model calls the ledger holds, with the switches that make them.
func TestStatus(t *testing.T) {
	r := newRun(t)
	r.settings(t, "[chat]\nbackground = false\n")
	if out := r.must(t, "status"); !strings.Contains(out, "memory       none yet (ai memory init makes it)\n") ||
		!strings.Contains(out, "model calls  none in the last 7 days\n") || !strings.Contains(out, "project      none here") {
		t.Errorf("ai status before anything:\n%s", out)
	}
	r.must(t, "memory", "init")
	r.must(t, "memory", "note", "one")
	r.must(t, "init")
	r.must(t, "agent", "new", "dev")
	ledger := filepath.Join(r.home, ".claude", "session-intelligence", "model-calls.jsonl")
	for _, by := range []string{"ai memory fold (background)", "ai agent build (background)", "ai memory fold (background)"} {
		if err := modelcall.Record(ledger, modelcall.Call{T: r.now.Add(-time.Hour).Unix(), By: by, Model: "sonnet"}); err != nil {
			t.Fatal(err)
		}
	}
	out := r.must(t, "status")
	for _, want := range []string{"memory       " + filepath.FromSlash("~/.ai/memory") + ": 1 note\n", "project      proj: 1 agent (dev)\n",
		"model calls  3 in the last 24 hours (ai memory fold (background) 2, ai agent build (background) 1), 3 in the last 7 days, the last 1hr 0m ago\n",
		"             ai's background summaries with claude -p --model sonnet: memory folds and notes topics on ([summariser] background in ai.toml), agent threads after each turn off ([chat] background); the task-change tie-breaker (claude-haiku-4-5) off (taskChange.semanticFallback)\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("ai status lacks %q:\n%s", want, out)
		}
	}
}
