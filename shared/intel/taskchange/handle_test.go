package taskchange

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// world is a scratch HOME with a project whose current work is src/auth.
type world struct {
	t       *testing.T
	dirs    paths.Dirs
	proj    string
	env     map[string]string
	cfg     config.Config
	spawned []string
}

const usageLine = `{"type":"assistant","requestId":"r1","timestamp":"2026-11-29T11:00:00Z","message":{"id":"m1","model":"claude-opus-4-6","content":[{"type":"text","text":"ok"}],"usage":{"input_tokens":%d,"output_tokens":5}}}`

func newWorld(t *testing.T, tokens int) *world {
	t.Helper()
	home := t.TempDir()
	dirs, err := paths.Resolve(func(k string) string { return map[string]string{"HOME": home}[k] })
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, dirs: dirs, proj: filepath.Join(home, "proj"), env: map[string]string{"HOME": home}, cfg: config.Default()}
	pd := dirs.ProjectDir(w.proj)
	w.write(filepath.Join(pd, "session-context.md"), "## Current Task\ntype: bug-fix\ndescription: login token refresh fails after idle\n\n## Key Files\n- src/auth/login.go\n- src/auth/session.go\n")
	w.write(filepath.Join(pd, "s1.jsonl"), strings.Replace(usageLine, "%d", strconv.Itoa(tokens), 1)+"\n")
	return w
}

func (w *world) write(path, data string) {
	w.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) runtime() *hookio.Runtime {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
	w.t.Cleanup(cancel)
	return &hookio.Runtime{Ctx: ctx, Event: hookio.UserPromptSubmit, Dirs: w.dirs, Config: w.cfg,
		Log: &intellog.Logger{Dir: w.dirs.Logs, Source: "user-prompt-submit", Min: intellog.MinLevel(true, false), Now: func() time.Time { return now }},
		SID: "s1", Getenv: func(k string) string { return w.env[k] }, Now: func() time.Time { return now }}
}

func (w *world) input(prompt string) *hookio.Input {
	return &hookio.Input{SessionID: "s1", Cwd: w.proj, Prompt: prompt,
		TranscriptPath: filepath.Join(w.dirs.ProjectDir(w.proj), "s1.jsonl")}
}

func (w *world) detector(ask Asker) Detector {
	return Detector{Ask: ask, Spawn: func(exe string, args []string) error {
		w.spawned = append(w.spawned, exe+" "+strings.Join(args, " "))
		return nil
	}}
}

const (
	billing = "Switch to the billing export: src/billing/invoice.go and src/billing/ledger.go need a CSV writer with currency rounding."
	nearby  = "Add a provider in src/auth/oauth.go and register it with the router so that people can sign in with it."
	same    = "Continue in src/auth/login.go and src/auth/session.go: retry the token refresh once before logging out."
)

// handleCases are prompts through the whole handler; want is part of the note, "" for silence.
var handleCases = []struct {
	name   string
	prompt string
	tokens int
	edit   func(w *world)
	want   string // substring of the note; "" for silence
}{
	{name: "different task", prompt: billing, tokens: 150_000, want: "different task from the current one (src/billing vs src/auth, same-domain score 0.00 at ~150k tokens)"},
	{name: "nearby task", prompt: nearby, tokens: 150_000, want: "may start a task next to the current one (vs current task “bug-fix — login token refresh fails after idle”, same-domain score 0.33"},
	{name: "same task", prompt: same, tokens: 150_000},
	{name: "below minTokens", prompt: billing, tokens: 99_999},
	{name: "minTokens configurable", prompt: billing, tokens: 60_000, edit: func(w *world) { w.cfg.TaskChange.MinTokens = 50_000 }, want: "src/billing vs src/auth"},
	{name: "disabled", prompt: billing, tokens: 150_000, edit: func(w *world) { w.cfg.TaskChange.Enabled = false }},
	{name: "conversational", prompt: "thanks, and what about the other one?", tokens: 150_000},
	{name: "not user intent", prompt: "<task-notification>finished src/billing/invoice.go</task-notification>", tokens: 150_000},
	{name: "inside the tie-breaker's child", prompt: billing, tokens: 150_000, edit: func(w *world) { w.env[ChildEnv] = "1" }},
	{name: "no baseline at all", prompt: "Write src/billing/invoice.go from scratch with a CSV writer and currency rounding rules.", tokens: 150_000,
		edit: func(w *world) { _ = os.Remove(filepath.Join(w.dirs.ProjectDir(w.proj), "session-context.md")) }},
}

func TestHandle(t *testing.T) {
	for _, tt := range handleCases {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t, tt.tokens)
			if tt.edit != nil {
				tt.edit(w)
			}
			res, err := w.detector(nil).Handle(w.runtime(), w.input(tt.prompt))
			if err != nil {
				t.Fatal(err)
			}
			if res.Block != "" || res.Text != "" {
				t.Errorf("Handle never blocks or prints plain text: %+v", res)
			}
			if tt.want == "" {
				if res.Context != "" || res.Notice != "" {
					t.Errorf("want silence, got %+v", res)
				}
				return
			}
			if !strings.Contains(res.Context, tt.want) || !strings.HasPrefix(res.Context, NoteMarker) {
				t.Errorf("note = %q, want it to hold %q", res.Context, tt.want)
			}
			if !strings.HasPrefix(res.Notice, "Task change? ") || strings.Contains(res.Notice, "\n") {
				t.Errorf("notice = %q, want one line", res.Notice)
			}
		})
	}
}

func TestHandleOncePerPrompt(t *testing.T) {
	w := newWorld(t, 200_000)
	d := w.detector(nil)
	if res, _ := d.Handle(w.runtime(), w.input(billing)); res.Context == "" {
		t.Fatal("first submission: no hint")
	}
	if res, _ := d.Handle(w.runtime(), w.input("  "+billing+"\n")); res.Context != "" {
		t.Errorf("the same prompt again hinted: %+v", res)
	}
	other := strings.Replace(billing, "CSV", "JSON", 1)
	if res, _ := d.Handle(w.runtime(), w.input(other)); res.Context == "" {
		t.Error("a different prompt was not hinted")
	}
	rec := loadDecided(session.Dir(w.dirs.Session("s1")))
	if len(rec.Prompts) != 2 || rec.Prompts[0] != PromptHash(billing) {
		t.Errorf("record = %+v", rec)
	}
	rt := w.runtime()
	rt.SID = "s2"
	if res, _ := d.Handle(rt, w.input(billing)); res.Context == "" {
		t.Error("the same prompt in another session was not hinted")
	}
}

// tieCases are tie-breaker answers and when the question is asked at all.
var tieCases = []struct {
	name    string
	answer  string
	err     error
	prompt  string
	asked   bool
	hinted  bool
	setting bool
}{
	{name: "SAME silences", answer: "SAME", prompt: nearby, asked: true, setting: true},
	{name: "same, lower case with a period", answer: "same.\n", prompt: nearby, asked: true, setting: true},
	{name: "DIFFERENT keeps the hint", answer: "DIFFERENT", prompt: nearby, asked: true, hinted: true, setting: true},
	{name: "garbage keeps the hint", answer: "I cannot tell", prompt: nearby, asked: true, hinted: true, setting: true},
	{name: "failure keeps the hint", err: errors.New("exit status 1"), prompt: nearby, asked: true, hinted: true, setting: true},
	{name: "clear verdicts are not disputed", answer: "SAME", prompt: billing, hinted: true, setting: true},
	{name: "off by default", answer: "SAME", prompt: nearby, hinted: true},
}

func TestHandleTieBreaker(t *testing.T) {
	for _, tt := range tieCases {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t, 150_000)
			w.cfg.TaskChange.SemanticFallback = tt.setting
			var asked atomic.Int32
			var question, model string
			ask := func(ctx context.Context, m, q string) (string, error) {
				asked.Add(1)
				model, question = m, q
				if _, ok := ctx.Deadline(); !ok {
					t.Error("the tie-breaker ran without a deadline")
				}
				return tt.answer, tt.err
			}
			d := w.detector(ask)
			res, _ := d.Handle(w.runtime(), w.input(tt.prompt))
			if got := asked.Load() > 0; got != tt.asked {
				t.Errorf("asked = %v, want %v", got, tt.asked)
			}
			if got := res.Context != ""; got != tt.hinted {
				t.Errorf("hinted = %v, want %v (%+v)", got, tt.hinted, res)
			}
			if tt.asked && (model != "claude-haiku-4-5" || !strings.Contains(question, "New request: "+tt.prompt)) {
				t.Errorf("asked model %q: %q", model, question)
			}
			res, _ = d.Handle(w.runtime(), w.input(tt.prompt))
			if res.Context != "" || asked.Load() > 1 {
				t.Errorf("a retried prompt was hinted or asked again (%d questions)", asked.Load())
			}
		})
	}
}

func TestHandleGitBaseline(t *testing.T) {
	w := newWorld(t, 150_000)
	_ = os.Remove(filepath.Join(w.dirs.ProjectDir(w.proj), "session-context.md"))
	w.write(filepath.Join(w.proj, ".git", "HEAD"), "ref: refs/heads/main\n")
	prompt := "Carry on with src/billing/invoice.go and src/billing/ledger.go, the CSV writer needs rounding."
	d := w.detector(nil)
	res, _ := d.Handle(w.runtime(), w.input(prompt))
	if res.Context != "" || len(w.spawned) != 0 {
		t.Errorf("no cache and no plugin root: want silence and no refresher, got %+v %q", res, w.spawned)
	}
	w.env["CLAUDE_PLUGIN_ROOT"] = filepath.Join(w.proj, "plugin")
	w.write(filepath.Join(w.proj, "plugin", "bin", proc.Exe("si")), "\x7fELF") // si.exe on Windows
	g, _ := gitinfo.Find(w.proj)
	cache := gitinfo.CachePath(w.dirs.Cache(), w.proj)
	st := gitinfo.Status{Key: g.Key(), At: now.Unix(), Files: []string{"src/billing/invoice.go"}}
	if err := gitinfo.Save(cache, st); err != nil {
		t.Fatal(err)
	}
	res, _ = d.Handle(w.runtime(), w.input(prompt+" "))
	if res.Context != "" || len(w.spawned) != 0 {
		t.Errorf("fresh cache with the dirty file: want silence and no refresher, got %+v %q", res, w.spawned)
	}
	st.Key, st.Files = "old", []string{"src/auth/login.go"}
	if err := gitinfo.Save(cache, st); err != nil {
		t.Fatal(err)
	}
	res, _ = d.Handle(w.runtime(), w.input(prompt+"  "))
	if !strings.Contains(res.Context, "src/billing vs src/auth") {
		t.Errorf("stale cache still used: note = %q", res.Context)
	}
	want := filepath.Join(w.proj, "plugin", "bin", proc.Exe("si")) + " refresh git " + w.proj
	if len(w.spawned) != 1 || w.spawned[0] != want {
		t.Errorf("spawned = %q, want one %q", w.spawned, want)
	}
	_, _ = d.Handle(w.runtime(), w.input(prompt+"   "))
	if len(w.spawned) != 1 {
		t.Errorf("refresher started again within %v: %q", spawnGap, w.spawned)
	}
}
