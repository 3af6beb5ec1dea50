package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// Two standing rules the user types in separate prompts. The fake
// summariser echoes only the last prompt before the compaction, so it
// keeps the second rule and loses the first, as Claude Code's own
// summaries lose what was said before their latest stretch.
const (
	ruleLost = "Never run the database migrations without asking me first."
	ruleKept = "From now on use pnpm instead of npm in this project."
	lostHead = "THE USER'S OWN WORDS THE SUMMARY LOST"
)

// TestRulesSurviveCompaction: the user's rules lead the guidance the
// summariser gets; the PostCompact hook checks the summary Claude Code
// wrote, and the first request after the compaction carries the rule the
// summary lost, verbatim, and not the one it kept; the history records
// the figures.
func TestRulesSurviveCompaction(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	s.run(t, ruleLost)
	s.resume(t, "Please look at the readme.")
	s.resume(t, ruleKept)
	s.resume(t, "/compact")

	g := guidanceOf(t, lastSummarisation(t, s.api).Text())
	words := strings.Index(g, "THE USER'S OWN WORDS")
	if words < 0 || !strings.Contains(g[words:], ruleLost) || !strings.Contains(g[words:], ruleKept) {
		t.Fatalf("the guidance does not lead with both rules:\n%s", g)
	}
	if strings.Contains(g, "look at the readme") {
		t.Errorf("a one-off request was captured as a rule:\n%s", g)
	}

	s.resume(t, "carry on")
	reqs := s.api.MessageRequests()
	next := reqs[len(reqs)-1].Text()
	i := strings.Index(next, lostHead)
	if i < 0 {
		t.Fatalf("the request after the compaction lacks the lost rules:\n%.300s\nlog:\n%s", next, s.logText(t))
	}
	block := next[i:]
	if end := strings.Index(block, "</system-reminder>"); end > 0 {
		block = block[:end]
	}
	if !strings.Contains(block, `RULE: "`+ruleLost+`"`) {
		t.Errorf("the lost rule is not given back verbatim:\n%s", block)
	}
	if strings.Contains(block, ruleKept) {
		t.Errorf("the rule the summary kept is repeated:\n%s", block)
	}

	entries, err := history.Read(filepath.Join(s.env.Home, ".claude", "logs", "compact-history.jsonl"))
	if err != nil || len(entries) != 1 || entries[0].Retention == nil {
		t.Fatalf("history = %+v, %v", entries, err)
	}
	if r := entries[0].Retention; r.Words != 2 || r.Verbatim != 1 || r.Restored != 1 {
		t.Errorf("retention = %+v, want 2 words, 1 verbatim, 1 restored", *r)
	}
	if !strings.Contains(s.logText(t), "compaction checked") {
		t.Errorf("no PostCompact check in the log:\n%s", s.logText(t))
	}
	cmd := exec.Command(cctest.Bin(t, "si"), "status", "--session", s.sid)
	cmd.Dir, cmd.Env = s.env.Project, []string{"HOME=" + s.env.Home, "PATH=" + os.Getenv("PATH")}
	if out, _ := cmd.CombinedOutput(); !strings.Contains(string(out), "the summaries kept 1 of 2 rules, corrections and decisions over 1 checked compactions; 1 given back") {
		t.Errorf("si status does not report the check:\n%s", out)
	}

	// Given back once: the next prompt's request holds the block the
	// conversation already has, and no second one.
	s.resume(t, "one more thing")
	reqs = s.api.MessageRequests()
	if n := strings.Count(reqs[len(reqs)-1].Text(), lostHead); n != 1 {
		t.Errorf("the lost rules appear %d times in the next request, want once", n)
	}
}

// TestRulesSurviveAutoCompaction: when Claude Code compacts by itself at
// the start of a turn, the rule the summary lost reaches the model in
// that turn, verbatim, once.
func TestRulesSurviveAutoCompaction(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	withAutoCompactWindow(t, s, 100_000)
	s.run(t, ruleLost)
	s.resume(t, ruleKept+" [[bash: echo @@usage:70000@@]]")
	s.resume(t, "next [[bash: echo hi]]")
	reqs := s.api.MessageRequests()
	sum := -1
	for i, r := range reqs {
		if r.Contains(fakeapi.SummaryMarker) {
			sum = i
		}
	}
	if sum < 0 {
		t.Fatal("Claude Code did not compact by itself")
	}
	for i, r := range reqs[sum+1:] {
		t.Logf("request %d after the summary: has the lost block %v, %d bytes", i+1, r.Contains(lostHead), len(r.Text()))
	}
	last := reqs[len(reqs)-1].Text()
	if n := strings.Count(last, lostHead); n != 1 {
		t.Fatalf("the turn's last request holds the lost rules %d times, want once:\n%.2000s\nlog:\n%s", n, last, s.logText(t))
	}
}

// TestPostCompactLineOnScreen: after a /compact in the terminal, the user
// reads the check's one line (Claude Code shows a PostCompact hook's
// output to the user).
func TestPostCompactLineOnScreen(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	must(t, s.env.SeedInteractive())
	tui := s.env.StartTUI(t, 200, 50, s.args...)
	if err := tui.Submit(ruleLost, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := tui.WaitFor("FAKE-REPLY", 10*time.Second); err != nil {
		must(t, tui.SendKeys("Enter")) // the TUI sometimes swallows the first Enter while starting
		if _, err := tui.WaitFor("FAKE-REPLY", 30*time.Second); err != nil {
			t.Fatal(err)
		}
	}
	if err := tui.Submit("/compact", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	screen, err := tui.WaitFor("session-intelligence: the summary kept", 60*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if flat := strings.Join(strings.Fields(screen), " "); !strings.Contains(flat, "the summary kept your instruction") {
		t.Errorf("the line does not count the one captured rule:\n%s", screen)
	}
}
