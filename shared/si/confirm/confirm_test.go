package confirm

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

var t0 = time.Unix(1_800_000_000, 0)

func runtime(t *testing.T) *hookio.Runtime {
	t.Helper()
	home := t.TempDir()
	dirs, _ := paths.Resolve(func(k string) string { return map[string]string{"HOME": home}[k] })
	return &hookio.Runtime{Ctx: context.Background(), Event: hookio.UserPromptSubmit, Dirs: dirs, Config: config.Default(),
		SID: "s1", Log: &intellog.Logger{}, Getenv: func(string) string { return "" }, Now: func() time.Time { return t0 }}
}

// fakeSI records its calls and answers with out, err.
type fakeSI struct {
	calls [][]string
	out   string
	err   error
}

func (f *fakeSI) run(_ context.Context, _ func(string) string, args []string) (string, error) {
	f.calls = append(f.calls, args)
	return f.out, f.err
}

// next is the task-change detector's stand-in.
func next(*hookio.Runtime, *hookio.Input) (hookio.Result, error) {
	return hookio.Result{Context: "NEXT"}, nil
}

// TestStep runs the step as UserPromptSubmit does, before the next
// feature (a stand-in for the task-change detector).
func TestStep(t *testing.T) {
	tests := []struct {
		name      string
		prompt    string
		pending   func(cfg string) *Pending // nil: none
		edit      bool                      // the file changes after the preview
		si        fakeSI
		wantCalls [][]string
		want      []string // in the context
		notice    string
	}{
		{name: "no pending change", prompt: "YES", want: []string{"NEXT"}},
		{name: "YES writes", prompt: "  yes \n", pending: setPending(0),
			si:        fakeSI{out: "--- a\n+++ b\nWrote /x (backup: /x.bak). no restart needed."},
			wantCalls: [][]string{{"set", "compact.threshold", "75", "--yes"}},
			want:      []string{"the plugin wrote it before this turn (si set compact.threshold 75 --yes)", "Wrote /x"}, notice: "si: Wrote /x (backup: /x.bak). no restart needed."},
		{name: "another reply cancels", prompt: "YES please", pending: setPending(0),
			want: []string{"was not YES, so nothing was written", "NEXT"}},
		{name: "expired", prompt: "YES", pending: setPending(31 * time.Minute),
			want: []string{"more than 30 minutes ago"}, notice: "si: the /si change expired; nothing was written"},
		{name: "file changed since the diff", prompt: "YES", pending: setPending(0), edit: true,
			want: []string{"changed after the diff was shown"}, notice: "si: the file changed since the diff; nothing was written"},
		{name: "write fails", prompt: "YES", pending: setPending(0), si: fakeSI{out: "si: cannot write", err: errors.New("exit status 1")},
			wantCalls: [][]string{{"set", "compact.threshold", "75", "--yes"}},
			want:      []string{"failed (exit status 1)", "si: cannot write"}, notice: "si: the change was not written: cannot write"},
		{name: "form answer is previewed", prompt: "Zone advisories = off\ncompact.threshold=80", pending: formPending,
			si:        fakeSI{out: "+  \"threshold\": 80"},
			wantCalls: [][]string{{"slash", "--session", "s1", "--", "config", "--apply", "Zone advisories = off\ncompact.threshold=80"}},
			want:      []string{"answered the /si config form", "\"threshold\": 80", "reply YES"}},
		{name: "form closed", prompt: "NONE", pending: formPending, want: []string{"closed the /si config form"}},
		{name: "ordinary prompt after the form", prompt: "fix the login bug", pending: formPending, want: []string{"NEXT"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := runtime(t)
			dir := rt.Dirs.Session(rt.SID)
			cfg := filepath.Join(t.TempDir(), "session-intelligence.json")
			must(t, os.WriteFile(cfg, []byte("{}\n"), 0o600))
			if tt.pending != nil {
				must(t, Save(dir, *tt.pending(cfg)))
			}
			if tt.edit {
				must(t, os.WriteFile(cfg, []byte(`{"compact":{}}`), 0o600))
			}
			res, err := hookio.Chain(Step(tt.si.run), hookio.Then("next", next))(rt, &hookio.Input{Prompt: tt.prompt})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(res.Context, w) {
					t.Errorf("context lacks %q:\n%s", w, res.Context)
				}
			}
			if res.Notice != tt.notice {
				t.Errorf("notice = %q, want %q", res.Notice, tt.notice)
			}
			if !slices.EqualFunc(tt.si.calls, tt.wantCalls, slices.Equal) {
				t.Errorf("si calls = %q, want %q", tt.si.calls, tt.wantCalls)
			}
			if _, ok, _ := Take(dir); ok {
				t.Error("the pending change is still there: a YES must confirm one preview once")
			}
		})
	}
}

func setPending(age time.Duration) func(string) *Pending {
	return func(cfg string) *Pending {
		return &Pending{Args: []string{"set", "compact.threshold", "75"}, Path: cfg, Before: Hash(cfg), At: t0.Add(-age)}
	}
}

func formPending(string) *Pending { return &Pending{Form: true, At: t0} }

func TestTakeBadFile(t *testing.T) {
	dir := t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, File), []byte("{not json"), 0o600))
	if _, ok, err := Take(dir); ok || err == nil || !strings.Contains(err.Error(), File) {
		t.Errorf("Take of a broken file: ok %v, err %v", ok, err)
	}
	if _, err := os.Stat(filepath.Join(dir, File)); !os.IsNotExist(err) {
		t.Error("a broken pending file is left behind")
	}
}

func TestIsFormAnswer(t *testing.T) {
	for prompt, want := range map[string]bool{
		"a = b":                     true,
		"Zone advisories = off\n\n": true,
		"x=1\ny=2":                  true,
		"":                          false,
		"= b":                       false,
		"what does a=b mean?\nhm":   false,
		"fix the bug":               false,
	} {
		if got := IsFormAnswer(prompt); got != want {
			t.Errorf("IsFormAnswer(%q) = %v, want %v", prompt, got, want)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
