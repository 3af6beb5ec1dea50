package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// What the task-change detector's two outputs look like on the way.
const (
	taskNoteLabel = "UserPromptSubmit hook additional context: Session intelligence: this prompt"
	taskNote      = "Session intelligence: this prompt"
	taskNotice    = "Task change? "
)

// authSession is a session at ~150k tokens whose work is in src/auth: the
// files exist, session-context.md names the task and its key files, and
// the first turn read one of them.
func authSession(t *testing.T) *session {
	t.Helper()
	s := newSession(t)
	for _, f := range []string{"src/auth/login.go", "src/auth/session.go", "src/billing/invoice.go", "src/billing/ledger.go"} {
		p := filepath.Join(s.env.Project, f)
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte("package x\n\n// "+f+"\n"), 0o644))
	}
	ctxDir := filepath.Join(s.env.Home, ".claude", "projects", paths.EncodeProject(s.env.Project))
	must(t, os.MkdirAll(ctxDir, 0o755))
	must(t, os.WriteFile(filepath.Join(ctxDir, "session-context.md"), []byte("## Current Task\ntype: bug-fix\n"+
		"description: login token refresh fails after idle\n\n## Key Files\n- src/auth/login.go\n- src/auth/session.go\n"), 0o644))
	login := filepath.Join(s.env.Project, "src", "auth", "login.go")
	s.run(t, `look at the login flow [[tool: Read {"file_path":"`+login+`"}]] [[usage: 150000]]`)
	for i, r := range s.api.MessageRequests() {
		if r.Contains(taskNote) {
			t.Fatalf("request %d of the first turn carries a task-change note (no usage was known yet)", i+1)
		}
	}
	return s
}

// TestTaskChangeNoteReachesModel: a prompt about another part of the
// project at ~150k tokens puts the note in the very request of that
// prompt (additionalContext), while the user's one-liner (systemMessage)
// never reaches the model: in -p mode it shows only in the stream-json
// event stream and in the transcript. A follow-up about the current files
// adds no note.
func TestTaskChangeNoteReachesModel(t *testing.T) {
	t.Parallel()
	s := authSession(t)
	n := len(s.api.MessageRequests())
	res := s.resume(t, "Now something else entirely: the billing export in src/billing/invoice.go and src/billing/ledger.go "+
		"needs a CSV writer with currency rounding and a monthly summary report [[usage: 150000]]",
		"--verbose", "--output-format", "stream-json")
	reqs := s.api.MessageRequests()
	if len(reqs) != n+1 {
		t.Fatalf("want 1 request for the billing prompt, got %d", len(reqs)-n)
	}
	text := reqs[n].Text()
	if !strings.Contains(text, taskNoteLabel+" looks like a different task from the current one (src/billing vs src/auth, same-domain score 0.00 at ~150k tokens)") {
		t.Errorf("the billing prompt's request lacks the note:\n%s", lastBytes(text, 1500))
	}
	for i, r := range reqs {
		if r.Contains(taskNotice) {
			t.Errorf("request %d carries the systemMessage, which is for the user only", i+1)
		}
	}
	if !strings.Contains(res.Stdout, `"subtype":"informational","content":"UserPromptSubmit says: `+taskNotice+`src/billing vs src/auth`) {
		t.Errorf("stream-json output lacks the systemMessage event:\n%s", lastBytes(res.Stdout, 3000))
	}
	transcript := readFile(t, s.env.TranscriptPath(s.sid))
	if !strings.Contains(transcript, `"type":"hook_system_message","content":"`+taskNotice) {
		t.Error("transcript lacks the hook_system_message attachment")
	}

	n = len(s.api.MessageRequests())
	s.resume(t, "Back to the auth work: in src/auth/login.go and src/auth/session.go make the token refresh retry "+
		"once before logging the user out [[usage: 150000]]")
	if got := strings.Count(s.api.MessageRequests()[n].Text(), taskNote); got != 1 {
		t.Errorf("the follow-up's request holds %d notes, want only the earlier one from the history", got)
	}
	if got := strings.Count(s.logText(t), "task change hint"); got != 1 {
		t.Errorf("log shows %d hints, want 1", got)
	}
}

// TestTaskChangeNoticeInPrintJSON: with -p and the json (or text) output
// format the user never sees the systemMessage; the model still gets the
// note and is asked to mention it.
func TestTaskChangeNoticeInPrintJSON(t *testing.T) {
	t.Parallel()
	s := authSession(t)
	n := len(s.api.MessageRequests())
	res := s.resume(t, "Completely new work: the deploy pipeline in infra/terraform/main.tf and infra/k8s/deploy.yaml "+
		"needs a staging environment with its own database [[usage: 150000]]")
	if !s.api.MessageRequests()[n].Contains(taskNoteLabel + " looks like a different task from the current one (infra/terraform vs src/auth") {
		t.Errorf("the deploy prompt's request lacks the note")
	}
	if strings.Contains(res.Stdout+res.Stderr, taskNotice) {
		t.Errorf("the -p json output shows the systemMessage after all; update the channel notes:\n%s", res.Stdout)
	}
}

// TestTaskChangeNoticeInTUI: in the interactive client the systemMessage
// is shown under the submitted prompt as "UserPromptSubmit says: …".
func TestTaskChangeNoticeInTUI(t *testing.T) {
	t.Parallel()
	s := authSession(t)
	must(t, s.env.SeedInteractive())
	tui := s.env.StartTUI(t, 200, 50, append([]string{"--resume", s.sid}, s.args...)...)
	// The prompt's end differs from the resumed history's, so Submit waits
	// for the typed text itself.
	prompt := "Now the billing export [[usage: 150000]]: src/billing/invoice.go and src/billing/ledger.go " +
		"need a CSV writer with currency rounding and a monthly summary report"
	if _, err := tui.WaitFor("Claude Code v", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := tui.Submit(prompt, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := tui.WaitFor("FAKE-REPLY", 5*time.Second); err != nil {
		must(t, tui.SendKeys("Enter")) // the TUI sometimes swallows the first Enter while starting
	}
	screen, err := tui.WaitFor("FAKE-REPLY", 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(screen, "UserPromptSubmit says: "+taskNotice+"src/billing vs src/auth, score 0.00") {
		t.Errorf("the screen lacks the notice:\n%s", screen)
	}
	if strings.Contains(screen, taskNote) {
		t.Errorf("the note for the model is shown to the user:\n%s", screen)
	}
}

// TestTaskChangeTieBreakerRealCLI: with taskChange.semanticFallback an
// ambiguous prompt makes the hook ask the real claude CLI (the pinned
// one, first on PATH) in print mode with an empty --setting-sources, no
// tools and no session file. The fake API answers with an echo, which is
// not a confident SAME, so the heuristic's /compact note stands; the
// question itself carries no hook output (the child loaded no hooks).
func TestTaskChangeTieBreakerRealCLI(t *testing.T) {
	t.Parallel()
	s := authSession(t)
	must(t, os.WriteFile(filepath.Join(s.env.Home, ".claude", "session-intelligence.json"),
		[]byte(`{"taskChange":{"semanticFallback":true,"semanticTimeoutMs":3000}}`+"\n"), 0o644))
	s.env.Extra = append(s.env.Extra, "PATH="+filepath.Dir(s.env.Bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	n := len(s.api.MessageRequests())
	s.resume(t, "Add a provider in src/auth/oauth.go and register it with the router so that people can "+
		"sign in with it [[usage: 150000]]")
	var question, main []string
	for _, r := range s.api.MessageRequests()[n:] {
		if strings.HasPrefix(r.Prompt(), "You compare two pieces of software work.") {
			question = append(question, r.Text())
			if model, _ := r.JSON["model"].(string); model != "claude-haiku-4-5" {
				t.Errorf("tie-breaker model = %q, want claude-haiku-4-5", model)
			}
			if tools, _ := r.JSON["tools"].([]any); len(tools) != 0 {
				t.Errorf("tie-breaker request offers %d tools, want none", len(tools))
			}
			continue
		}
		main = append(main, r.Text())
	}
	log := s.logText(t)
	if len(question) != 1 || !strings.Contains(log, `tie-breaker answered "FAKE-REPLY to: You compare`) {
		t.Fatalf("want one tie-breaker question answered in time, got %d; log:\n%s", len(question), log)
	}
	if strings.Contains(question[0], "hook additional context") || !strings.Contains(question[0], "New request: Add a provider in src/auth/oauth.go") {
		t.Errorf("tie-breaker question:\n%s", lastBytes(question[0], 1500))
	}
	if len(main) != 1 || !strings.Contains(main[0], taskNoteLabel+" may start a task next to the current one") {
		t.Errorf("the prompt's request lacks the /compact note (%d requests)", len(main))
	}
}

// lastBytes returns the last n bytes of s.
func lastBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
